import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import {
  pageFor,
  saveScreenshot,
  seriousViolations,
  settled,
  type TestAccount,
  withCookieConsent,
} from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 90_000 });

/** One answer of the card in a mode, through the API (the server adds exactly one). */
async function answer(
  request: APIRequestContext,
  account: TestAccount,
  id: number,
  field: string,
  times: number,
) {
  for (let i = 0; i < times; i++) {
    const response = await request.put(`/api/card/card-text/${id}/`, {
      data: { [field]: 1 },
      headers: { Authorization: `JWT ${account.access}` },
    });
    expect(response.ok()).toBe(true);
  }
}

const openAddDialog = async (page: Page) => {
  await page.getByRole('main').getByRole('button', { name: 'Add a card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a text card' });
  await expect(dialog.getByLabel('Side one')).toBeFocused();
  return dialog;
};

test('entering text cards quickly: suggestions, save and add another, Ctrl+Enter, duplicates', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const api = cardsApi(request, account);
  const category = await api.category('Capitals');
  await api.textCard(category.id, 'Sofia', 'Bulgaria', 'capitals');
  // Enough tags for a long list of suggestions, which used to lie over the buttons.
  for (const [first, second, tag] of [
    ['Tokyo', 'Japan', 'capitals-asia'],
    ['Lima', 'Peru', 'capitals-america'],
    ['Cairo', 'Egypt', 'capitals-africa'],
    ['Canberra', 'Australia', 'capitals-oceania'],
  ]) {
    await api.textCard(category.id, first!, second!, tag);
  }
  await page.goto(`/my-cards/${category.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('article')).toHaveCount(5);

  // With the tag's suggestions open, the add button still takes the click, and the typed tag stays.
  let dialog = await openAddDialog(page);
  await dialog.getByLabel('Side one').fill('Paris');
  await dialog.getByLabel('Side two').fill('France');
  await dialog.getByLabel('Tag').fill('cap');
  await expect(page.getByRole('option')).toHaveCount(5);
  await dialog.getByRole('button', { name: 'Add the card' }).click();
  await expect(dialog).toBeHidden();
  const paris = main.getByRole('article').filter({ hasText: 'Paris' });
  await expect(paris).toContainText('cap');
  await expect(paris).not.toContainText('capitals');

  // Save and add another: the dialog stays, the sides are cleared, the tag is kept, side one focused.
  dialog = await openAddDialog(page);
  await dialog.getByLabel('Side one').fill('Rome');
  await dialog.getByLabel('Side two').fill('Italy');
  await dialog.getByLabel('Tag').fill('europe');
  await dialog.getByRole('button', { name: 'Save and add another' }).click();
  await expect(main.getByRole('article').filter({ hasText: 'Rome' })).toBeVisible();
  await expect(dialog.getByLabel('Side one')).toBeFocused();
  await expect(dialog.getByLabel('Side one')).toHaveValue('');
  await expect(dialog.getByLabel('Side two')).toHaveValue('');
  await expect(dialog.getByLabel('Tag')).toHaveValue('europe');

  // The same side one as a card of the category is pointed out, without stopping the save.
  await dialog.getByLabel('Side one').fill('  sofia ');
  await expect(dialog.getByLabel('Side one')).toHaveAccessibleDescription(
    /already has a card with this side one: “Sofia” – “Bulgaria”/,
  );
  await saveScreenshot(page, 'card-entry-duplicate-en', { fullPage: false });
  expect(await seriousViolations(page), 'add dialog with a duplicate notice').toEqual([]);

  // Ctrl+Enter saves from any field and goes on to the next card; one toast counts the cards added.
  await dialog.getByLabel('Side one').fill('Berlin');
  await dialog.getByLabel('Side two').fill('Germany');
  await dialog.getByLabel('Side two').press('Control+Enter');
  await expect(main.getByRole('article').filter({ hasText: 'Berlin' })).toContainText('europe');
  await expect(dialog.getByLabel('Side one')).toBeFocused();
  await expect(dialog.getByLabel('Side one')).toHaveValue('');
  await expect(main.getByRole('article')).toHaveCount(8);
  await expect(page.getByText('2 cards were added.')).toBeVisible();
  await expect(page.getByText('The card was added.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("uploaded cards keep the file's order, and each card shows its progress towards learned", async ({
  page,
  request,
  browser,
}) => {
  const account = await signedIn(page, request);
  const api = cardsApi(request, account);
  const category = await api.category('Numbers');
  const card = await api.textCard(category.id, 'zero', 'нула');
  await api.upload(category.id, 'one%един\ntwo%два\nthree%три\nfour%четири');
  await answer(request, account, card.id, 'guesses_score', 7);
  await answer(request, account, card.id, 'guesses_score_typing', 3);

  await page.goto(`/my-cards/${category.id}`);
  const articles = page.getByRole('main').getByRole('article');
  await expect(articles).toHaveCount(5);
  // Newest first: the file, in its own order, then the card made before it.
  expect(await articles.getByText(/^(zero|one|two|three|four)$/).allInnerTexts()).toEqual([
    'one',
    'two',
    'three',
    'four',
    'zero',
  ]);

  const zero = articles.filter({ hasText: 'zero' });
  await expect(zero.getByRole('progressbar', { name: 'Verbal progress' })).toHaveAttribute(
    'aria-valuetext',
    '7 of 10 correct answers',
  );
  await expect(zero.getByRole('progressbar', { name: 'Typing progress' })).toHaveAttribute(
    'aria-valuetext',
    '3 of 10 correct answers',
  );
  await expect(articles.first().getByRole('progressbar', { name: 'Verbal progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await settled(page, { heading: true });
  await saveScreenshot(page, 'card-progress-en-light');
  expect(await seriousViolations(page), 'cards with progress').toEqual([]);

  for (const [language, theme, viewport, name] of [
    ['bg', 'dark', undefined, 'card-progress-bg-dark'],
    ['en', 'light', { width: 390, height: 844 }, 'card-progress-phone'],
  ] as const) {
    const other = await pageFor(browser, { account, language, theme, viewport });
    await other.goto(`/my-cards/${category.id}`);
    await expect(other.getByRole('main').getByRole('article')).toHaveCount(5);
    await settled(other, { heading: true });
    await saveScreenshot(other, name);
    if (theme === 'dark') expect(await seriousViolations(other), 'dark cards with progress').toEqual([]);
    await other.context().close();
  }
});
