import { expect, test } from '@playwright/test';
import { createActiveUser, saveScreenshot, storeTokens, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

test('the home page shows the demo cards, which flip on click and from the keyboard', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Learn anything, one card at a time' }),
  ).toBeVisible();
  await expect(page.getByText('On the platform today')).toBeVisible();
  const cards = page.getByRole('main').getByRole('button', { pressed: false });
  await expect(cards).toHaveCount(6);
  await saveScreenshot(page, 'home-en');

  const bulgaria = page.getByRole('button', { name: 'Bulgaria What is its capital?' });
  await bulgaria.click();
  const sofia = page.getByRole('button', { name: 'Sofia Capital' });
  await expect(sofia).toHaveAttribute('aria-pressed', 'true');

  const france = page.getByRole('button', { name: 'France What is its capital?' });
  await france.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Paris Capital' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Space');
  await expect(france).toHaveAttribute('aria-pressed', 'false');
});

test('the start-free button leads to sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start free' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await expect(page).toHaveTitle('Sign up · Flashcards');
});

test('the plans are a click away from the home page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page).toHaveTitle('Pricing · Flashcards');
});

test('a deployment without demo videos leaves them out of the menu and the footer; their page says so', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await storeTokens(page, await createActiveUser(request));
  await page.goto('/my-categories');
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'My Categories' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Demo videos' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Demo videos' })).toHaveCount(0);
  await page.goto('/demo-videos-private');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo videos' })).toBeVisible();
  await expect(page.getByText('Videos will appear here soon.')).toBeVisible();
});

test('a ?ref= code is kept for the registration', async ({ page }) => {
  await page.goto('/?ref=FRIEND42');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ref_code'))).toBe('FRIEND42');
});
