import { expect, test } from '@playwright/test';
import { createActiveUser, readTokens, saveScreenshot, storeTokens, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

test('the guard sends a signed-out visitor from a signed-in page to /login', async ({ page }) => {
  await page.goto('/my-categories');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('tokens that fail the check are cleared and the visitor lands on /login', async ({ page }) => {
  await page.goto('/');
  await storeTokens(page, { access: 'not-a-valid-token', refresh: 'not-a-valid-token-either' });
  await page.goto('/my-categories');
  await expect(page).toHaveURL('/login');
  expect(await readTokens(page)).toEqual({ access: null, refresh: null });
});

test('a signed-in user gets the side menu and their name; logging out ends the session', async ({
  page,
  request,
}) => {
  const tokens = await createActiveUser(request);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/my-categories');

  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'My Categories' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Exams assigned to me' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ivana Petrova' })).toHaveAttribute(
    'href',
    '/profile',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'My categories' })).toBeVisible();
  await saveScreenshot(page, 'signed-in');

  await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  expect(await readTokens(page)).toEqual({ access: null, refresh: null });
});

test('the guard renews a session from a refresh token stored alone', async ({ page, request }) => {
  const { refresh } = await createActiveUser(request);
  await page.goto('/');
  await storeTokens(page, { refresh });
  await page.goto('/friends');

  await expect(page.getByRole('heading', { level: 1, name: 'My friends' })).toBeVisible();
  const renewed = await readTokens(page);
  expect(renewed.access).toBeTruthy();
  expect(renewed.refresh).toBeTruthy();
  expect(renewed.refresh).not.toBe(refresh);
});

test('the cookie banner, once accepted, stays hidden after a reload', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Read the cookies policy' })).toHaveAttribute(
    'href',
    '/cookies-policy',
  );

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookiesConsent'))).toBe('true');
  await page.close();
});
