import { expect, type Locator, type Page, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { createActiveUser, saveScreenshot, storeTokens, withCookieConsent } from './support';

/** The focus ring of the field holding the focus: its width and its contrast on the page's background. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const field = document.activeElement?.closest('.mantine-Input-input');
    if (!field) return null;
    const style = getComputedStyle(field);
    const ring = luminance(style.outlineColor);
    const body = luminance(getComputedStyle(document.body).backgroundColor);
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: (Math.max(ring, body) + 0.05) / (Math.min(ring, body) + 0.05),
    };
  });

const expectVisibleRing = async (page: Page, what: string) => {
  const ring = await focusRing(page);
  expect(ring, what).not.toBeNull();
  expect(ring?.style, what).toBe('solid');
  expect(ring?.width, what).toBeGreaterThanOrEqual(2);
  expect(ring?.contrast, what).toBeGreaterThanOrEqual(3);
};

for (const theme of ['light', 'medium', 'dark']) {
  test(`text fields show a focus ring of enough contrast in the ${theme} theme`, async ({ page }) => {
    await withCookieConsent(page);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('E-mail').focus();
    await expectVisibleRing(page, 'e-mail');
    // A field whose box wraps the real input.
    await main.getByRole('textbox', { name: 'Password' }).focus();
    await expectVisibleRing(page, 'password');
    await saveScreenshot(page, `focus-ring-${theme}`, { fullPage: false });
  });
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
};

test('the cookie notice covers neither the demo cards on a phone nor a dialog', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await expect(banner).toBeVisible();
  const cards = page.getByRole('main').locator('button[aria-pressed]');
  await expect(cards).toHaveCount(6);
  await saveScreenshot(page, 'cookie-notice-phone', { fullPage: false });
  for (const card of await cards.all()) {
    await card.scrollIntoViewIfNeeded();
    expect(overlaps(await box(banner), await box(card))).toBe(false);
  }

  // A dialog lies above the notice: every point of it shows the dialog, none the notice.
  await storeTokens(page, await createActiveUser(request));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog).toBeVisible();
  await expect(banner).toBeAttached();
  await saveScreenshot(page, 'cookie-notice-dialog', { fullPage: false });
  const { x, y, width, height } = await box(dialog);
  // Inside the rounded corners.
  const points = [
    [x + 16, y + 16],
    [x + width - 16, y + 16],
    [x + width / 2, y + height / 2],
    [x + 16, Math.min(y + height, 667) - 16],
  ];
  for (const [px, py] of points) {
    const inDialog = await dialog.evaluate(
      (element, [left, top]) => element.contains(document.elementFromPoint(left ?? 0, top ?? 0)),
      [px, py],
    );
    expect(inDialog, `${px},${py}`).toBe(true);
  }
});

test('the practice filter starts on its first field, the learning mode on the chosen mode', async ({
  page,
  request,
}) => {
  await withCookieConsent(page);
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Capitals');
  await cards.textCard(category.id, 'Sofia', 'Bulgaria', 'balkans');
  // The practice page without settings in its address asks for them.
  await page.goto(`/flash-cards-text/${category.id}`);
  const filter = page.getByRole('dialog', { name: 'Filter cards' });
  await expect(filter.getByRole('combobox', { name: 'Tags' })).toBeFocused();
  await expectVisibleRing(page, 'tags');
  // The list of tags waits for the learner, leaving the other fields in view.
  await expect(page.getByRole('listbox')).toBeHidden();
  await saveScreenshot(page, 'filter-first-focus', { fullPage: false });
  await filter.getByRole('button', { name: 'Next' }).click();
  const mode = page.getByRole('dialog', { name: 'Learning mode' });
  await expect(mode.getByRole('radio', { name: /Standard/ })).toBeFocused();
});
