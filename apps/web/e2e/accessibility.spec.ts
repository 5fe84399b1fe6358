import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createActiveUser, storeTokens, withCookieConsent } from './support';

const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, nodes }) => ({ id, targets: nodes.map(({ target }) => target.join(' ')) }));
};

test('the home page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('On the platform today')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const theme of ['light', 'medium', 'dark']) {
  test(`the ${theme} theme keeps home, legal and 404 pages free of serious violations`, async ({ page }) => {
    await withCookieConsent(page);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const path of ['/', '/privacy-policy', '/missing-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `${theme} ${path}`).toEqual([]);
    }
  });
}

test('the signed-in shell has no serious or critical violations', async ({ page, request }) => {
  await withCookieConsent(page);
  const tokens = await createActiveUser(request);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/friends');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ivana Petrova' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
