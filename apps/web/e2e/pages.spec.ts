import { expect, test } from '@playwright/test';
import { saveScreenshot, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

test('an unknown path shows the 404 page, whose button leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('error: 404')).toBeVisible();
  await saveScreenshot(page, 'not-found');

  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Learn anything, one card at a time' }),
  ).toBeVisible();
});

test('the legal pages render their texts', async ({ page }) => {
  await page.goto('/terms-of-usage');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(article.getByText(/^Last updated: /)).toBeVisible();
  await saveScreenshot(page, 'legal-terms');

  for (const path of ['/privacy-policy', '/cookies-policy', '/affiliates-rules']) {
    await page.goto(path);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('the teachers and demo-video pages render, with an empty state while there are no videos', async ({
  page,
}) => {
  await page.goto('/teachers');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Videos' })).toHaveCount(2);

  await page.goto('/demo-videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo videos' })).toBeVisible();
  await expect(page.getByText('Videos will appear here soon.')).toBeVisible();
});

test('the theme menu switches to the dark theme and remembers it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /^Colour theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await saveScreenshot(page, 'home-dark');
});
