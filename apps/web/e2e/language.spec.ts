import { expect, test } from '@playwright/test';
import { saveScreenshot, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

test('switching to Bulgarian translates the page, persists, and switches back', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const english = page.getByRole('button', { name: /^EN/ });
  const bulgarian = page.getByRole('button', { name: /^BG/ });
  await expect(english).toHaveAttribute('aria-pressed', 'true');

  await bulgarian.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Научете всичко, карта по карта' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(bulgarian).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveTitle('Начало · Flashcards');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Научете всичко, карта по карта' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bg');
  await expect(page.getByRole('button', { name: 'България Коя е столицата ѝ?' })).toBeVisible();
  await saveScreenshot(page, 'home-bg');

  await english.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Learn anything, one card at a time' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
