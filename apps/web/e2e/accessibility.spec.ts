import { expect, test } from '@playwright/test';
import { createActiveUser, seriousViolations, settled, storeTokens, withCookieConsent } from './support';

test('the home page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('On the platform today')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const theme of ['light', 'medium', 'dark']) {
  test(`the ${theme} theme keeps home, legal, pricing, 404 and sign-up pages free of serious violations`, async ({
    page,
  }) => {
    test.slow();
    await withCookieConsent(page);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const path of ['/', '/privacy-policy', '/pricing', '/missing-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Judge what the page shows once loaded (the plans of the pricing page), not its placeholders.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page), `${theme} ${path}`).toEqual([]);
    }
    // Error messages too.
    await page.goto('/signup');
    await page.getByRole('main').getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('main').getByLabel('First name')).toBeFocused();
    expect(await seriousViolations(page), `${theme} /signup with errors`).toEqual([]);
  });
}

test('the signed-in shell has no serious or critical violations', async ({ page, request }) => {
  await withCookieConsent(page);
  const tokens = await createActiveUser(request);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/friends');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ivana Petrova' })).toBeVisible();
  // Judged once its lists have loaded, not while they still load.
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the login and sign-up pages, errors shown, have no serious or critical violations', async ({
  page,
}) => {
  test.slow();
  await withCookieConsent(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await seriousViolations(page), '/login').toEqual([]);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page), '/login with errors').toEqual([]);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  expect(await seriousViolations(page), '/signup').toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('checkbox', { name: /I agree/ })).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page), '/signup with errors').toEqual([]);
});

test('the profile page and its dialogs have no serious or critical violations', async ({ page, request }) => {
  test.slow();
  await withCookieConsent(page);
  const tokens = await createActiveUser(request);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/profile');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 2, name: 'Ivana Petrova' }),
  ).toBeVisible();
  expect(await seriousViolations(page), '/profile').toEqual([]);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  expect(await seriousViolations(page), 'edit dialog').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  expect(await seriousViolations(page), 'delete dialog').toEqual([]);
});
