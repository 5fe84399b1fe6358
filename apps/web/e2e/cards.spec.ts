import { expect, test } from '@playwright/test';
import { cardLines, cardsApi, drawnPng, signedIn } from './cards-support';
import { seriousViolations, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

// Whole journeys through several screens, with accessibility checks on the way.
test.describe.configure({ timeout: 90_000 });

test('a text category: create it, add a card, upload a file, search, filter by tag and page', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/my-categories');
  const main = page.getByRole('main');
  await expect(main.getByText('No Categories found')).toBeVisible();
  expect(await seriousViolations(page), 'empty /my-categories').toEqual([]);

  // Create a text category.
  await main.getByRole('button', { name: 'Create a category' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a category' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Capitals');
  await expect(dialog.getByRole('radio', { name: 'Text cards' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The category “Capitals” was created.')).toBeVisible();
  const article = main.getByRole('article', { name: 'Capitals' });
  await expect(article).toContainText('0 cards');

  // Its cards: none yet.
  await article.getByRole('link', { name: 'Capitals', exact: true }).click();
  await expect(page).toHaveURL(/\/my-cards\/\d+$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Capitals' })).toBeVisible();
  await expect(main.getByText('No cards yet')).toBeVisible();

  // Add a text card; an empty one is refused before sending.
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a text card' });
  await expect(add.getByLabel('Side one')).toBeFocused();
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add.getByText('This field is required.')).toHaveCount(2);
  await expect(add.getByLabel('Side one')).toBeFocused();
  await add.getByLabel('Side one').fill('Sofia');
  await add.getByLabel('Side two').fill('Bulgaria');
  await add.getByLabel('Tag').fill('capitals');
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();
  await expect(main.getByRole('article')).toHaveCount(1);
  await expect(main.getByRole('article').first()).toContainText('Sofia');
  await expect(main.getByRole('article').first()).toContainText('Bulgaria');

  // A file with a bad line is refused, naming the line.
  await main.getByRole('button', { name: 'Upload a file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload cards from a file' });
  await expect(upload.getByText('Sofia%Bulgaria&capitals')).toBeVisible();
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'broken.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('one%two&tag\nno separator on this line\n'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText(/line 2/)).toBeVisible();

  // 25 good cards: 26 in all, two pages.
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'cards.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(cardLines(25)),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByText('25 cards were added.')).toBeVisible();
  await expect(main.getByText('26 cards').first()).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(20);
  const pages = main.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button', { name: 'Page 2' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveCount(0);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(main.getByRole('article')).toHaveCount(6);
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Search, from the first page again.
  await main.getByLabel('Search cards').fill('Sofia');
  await expect(main.getByText('1 card found')).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(main.getByRole('article')).toHaveCount(1);
  await main.getByLabel('Search cards').fill('meaning 1');
  // meaning 1, 10..19
  await expect(main.getByText('11 cards found')).toBeVisible();
  await main.getByLabel('Search cards').fill('');
  // The search box sends its text once typing pauses: wait until the address has no search left.
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(main.getByText('26 cards').first()).toBeVisible();

  // Filter by tags: odd lines carry "odd" (13 of 25).
  await main.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'odd' }).click();
  await page.keyboard.press('Escape');
  await expect(main.getByText('13 cards found')).toBeVisible();
  await expect(page).toHaveURL(/tags=odd/);
  await main.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'capitals' }).click();
  await page.keyboard.press('Escape');
  await expect(main.getByText('14 cards found')).toBeVisible();
  expect(await seriousViolations(page), 'cards page').toEqual([]);
});

test('a picture category: add a picture card, see its thumbnail, edit and delete it', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  await page.goto('/my-categories');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Create a category' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a category' });
  await dialog.getByLabel('Name').fill('Colours');
  await dialog.getByRole('radio', { name: 'Picture cards' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await main.getByRole('link', { name: 'Cards of Colours' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Colours' })).toBeVisible();
  // Picture cards come in many at once from an Anki package only (the dialog says so).
  await expect(main.getByRole('button', { name: 'Upload a file' }).first()).toBeVisible();

  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a picture card' });
  await add.getByRole('textbox', { name: 'Text' }).fill('A red square');
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add.getByText('Choose a picture.')).toBeVisible();
  await add.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add.getByText(/Choose a picture: JPEG/)).toBeVisible();
  await add.locator('input[type="file"]').setInputFiles({
    name: 'red.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page, '#c92a2a', 'R'),
  });
  await expect(add.getByRole('img', { name: 'Preview of the picture' })).toBeVisible();
  await add.getByLabel('Tag').fill('colours');
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();

  const picture = main.getByRole('img', { name: 'A red square' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('src', /-thumb\.webp$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Edit without a new picture keeps it.
  await main.getByRole('button', { name: 'Edit the card “A red square”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the picture card' });
  await edit.getByLabel('Text').fill('A dark red square');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(main.getByRole('img', { name: 'A dark red square' })).toBeVisible();

  await main.getByRole('button', { name: 'Delete the card “A dark red square”' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the card?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByText('No cards yet')).toBeVisible();
});

test('category maintenance: sort, rename, reset, merge and delete, each confirmed', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const api = cardsApi(request, account);
  const birds = await api.category('Birds');
  await api.textCard(birds.id, 'eagle', 'орел', 'big');
  const animals = await api.category('animals');
  await api.textCard(animals.id, 'cat', 'котка');
  await api.textCard(animals.id, 'dog', 'куче');
  await api.category('Pictures', 'picture');

  await page.goto('/my-categories');
  const main = page.getByRole('main');
  const names = main.getByRole('article').getByRole('heading', { level: 2 });
  await expect(names).toHaveText(['Pictures', 'animals', 'Birds']);
  await main.getByLabel('Sort by').selectOption({ label: 'Name, A to Z' });
  await expect(names).toHaveText(['animals', 'Birds', 'Pictures']);
  await expect(page).toHaveURL(/sort=az/);

  // Rename with a description.
  await main.getByRole('button', { name: 'Actions for animals' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the category' });
  await expect(edit.getByText(/It cannot change while the category has cards/)).toBeVisible();
  await edit.getByLabel('Name').fill('Animals');
  await edit.getByLabel('Description').fill('Pets and farm animals');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(main.getByRole('article', { name: 'Animals' })).toContainText('Pets and farm animals');

  // Reset: asks first, says it cannot be undone.
  await main.getByRole('button', { name: 'Actions for Animals' }).click();
  await page.getByRole('menuitem', { name: 'Reset scores' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset the scores?' });
  await expect(reset).toContainText('This cannot be undone.');
  await reset.getByRole('button', { name: 'Reset scores' }).click();
  await expect(page.getByText('The scores of “Animals” were reset.')).toBeVisible();

  // Merge Birds into Animals: only categories of the same type are offered.
  await main.getByRole('button', { name: 'Actions for Animals' }).click();
  await page.getByRole('menuitem', { name: 'Merge another category in' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge categories' });
  await expect(merge.getByRole('combobox', { name: 'Category to merge in' })).toBeFocused();
  await merge.getByRole('combobox', { name: 'Category to merge in' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /Birds/ }).click();
  await expect(merge).toContainText('“Birds” is deleted. This cannot be undone.');
  await merge.getByRole('button', { name: 'Merge and delete' }).click();
  await expect(merge).toBeHidden();
  await expect(main.getByRole('article')).toHaveCount(2);
  await expect(main.getByRole('article', { name: 'Animals' })).toContainText('3 cards');

  // Delete.
  await main.getByRole('button', { name: 'Actions for Pictures' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete the category?' });
  await expect(remove).toContainText('“Pictures” and its 0 cards will be deleted. This cannot be undone.');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(main.getByRole('article')).toHaveCount(1);
  expect(await seriousViolations(page), '/my-categories').toEqual([]);
});

test('a category of someone else, or that does not exist, is not found', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/my-cards/2147483000');
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
  await page.goto('/my-cards/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
});

test('a failed load says the app is offline', async ({ page, request }) => {
  await signedIn(page, request);
  await page.route(
    (url) => url.pathname === '/api/card/category/',
    (route) => route.abort('internetdisconnected'),
  );
  await page.goto('/my-categories');
  await expect(page.getByRole('main').getByText('You are offline')).toBeVisible({ timeout: 15_000 });
});
