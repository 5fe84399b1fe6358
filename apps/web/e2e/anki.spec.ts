import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { motionEnded, saveScreenshot, seriousViolations, withCookieConsent, withLanguage } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

/** An uploaded package is imported by a job the page polls every second: its end may take a while. */
const IMPORTED = 30_000;

type AnkiWriter = {
  addCard(front: string, back: string, options?: { tags?: string[] }): void;
  save(): Promise<Buffer>;
};

/** A small deck of Anki's older format, written by an Anki-compatible writer (as Anki's own export reads). */
const ankiDeck = async (name: string, notes: [front: string, back: string, tag?: string][]) => {
  const writerOf = createRequire(import.meta.url)('anki-apkg-export').default as (deck: string) => AnkiWriter;
  const deck = writerOf(name);
  for (const [front, back, tag] of notes) deck.addCard(front, back, { tags: tag ? [tag] : [] });
  return deck.save();
};

test('an Anki deck uploaded into a category, then its cards downloaded as CSV', async ({ page, request }) => {
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Verbs');
  const deck = await ankiDeck('Глаголи', [
    ['<b>go</b>', 'тръгвам<br>отивам', 'motion'],
    ['see &amp; say', 'виждам и казвам'],
  ]);
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Upload a file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload cards from a file' });
  await expect(upload.getByText(/An Anki package \(\.apkg or \.colpkg\)/)).toBeVisible();
  await motionEnded(page);
  await saveScreenshot(page, 'anki-upload-dialog', { fullPage: false });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'verbs.apkg',
    mimeType: 'application/octet-stream',
    buffer: deck,
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  // A package is imported in the background: the dialog follows it, then closes with the count.
  await expect(upload).toBeHidden({ timeout: IMPORTED });
  await expect(page.getByText('2 cards were added.')).toBeVisible();
  await expect(main.getByText('see & say')).toBeVisible();
  await expect(main.getByText('тръгвам')).toBeVisible();

  // The export menu, keyboard first: Enter opens it, the arrows move, Enter picks.
  const exportButton = main.getByRole('button', { name: 'Export the cards of this category' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const csv = page.getByRole('menuitem', { name: 'CSV for spreadsheets (.csv)' });
  await expect(csv).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Anki deck (.apkg)' })).toBeVisible();
  await motionEnded(page);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'anki-export-menu', { fullPage: false });
  const downloading = page.waitForEvent('download');
  await csv.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Verbs.csv');
  const content = await readFile((await download.path())!, 'utf8');
  expect(content).toBe(
    '\ufeffside_one,side_two,tag\r\ngo,"тръгвам\nотивам",motion\r\nsee & say,виждам и казвам,Глаголи\r\n',
  );
});

test('the upload dialog and the export menu in Bulgarian on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const api = cardsApi(request, account);
  const category = await api.category('Снимки', 'picture');
  const text = await api.category('Думи');
  await api.textCard(text.id, 'къща', 'house');
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Качи от файл' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/пакет на Anki \(\.apkg или \.colpkg\)/).first()).toBeVisible();
  await motionEnded(page);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'anki-upload-dialog-picture-bg-phone', { fullPage: false });
  await page.keyboard.press('Escape');

  await page.goto(`/my-cards/${text.id}`);
  await main.getByRole('button', { name: 'Изнасяне на картите от категорията' }).click();
  await expect(page.getByRole('menuitem', { name: 'Тесте за Anki (.apkg)' })).toBeVisible();
  await motionEnded(page);
  await saveScreenshot(page, 'anki-export-menu-bg-phone', { fullPage: false });
});

test('an Anki deck with a note that cannot become a card: the others are added, it is listed (Bulgarian)', async ({
  page,
  request,
}) => {
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Плодове');
  const deck = await ankiDeck('Плодове', [
    ['[sound:yabalka.mp3]', 'ябълка'],
    ['<div>круша</div><div>pear</div>', 'плод'],
  ]);
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Качи от файл' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Качване на карти от файл' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'плодове.apkg',
    mimeType: 'application/octet-stream',
    buffer: await deck,
  });
  await dialog.getByRole('button', { name: 'Качи' }).click();
  const left = dialog.getByRole('list', { name: 'Пропусната е 1 бележка' });
  await expect(left.getByRole('listitem')).toHaveText(['Бележка 1 – една от страните съдържа само звук'], {
    timeout: IMPORTED,
  });
  await expect(dialog.getByRole('status')).toHaveText('Добавена е 1 карта.');
  await motionEnded(page);
  await saveScreenshot(page, 'anki-upload-skipped-bg', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Готово' }).click();
  await expect(dialog).toBeHidden();
  // The note's two lines stay two lines.
  await expect(main.getByText('круша')).toBeVisible();
  await expect(main.getByText('pear')).toBeVisible();
});

test('a category exported as an Anki deck and uploaded again comes back with nothing lost', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const api = cardsApi(request, account);
  const source = await api.category('Idioms');
  const cards: [string, string, string][] = [
    ['a piece of cake', 'лесна работа\n(букв. „парче торта“)', 'idioms'],
    ['"break a leg"', 'успех! <на сцена> & още', ''],
    ['under the weather', 'неразположен', 'health'],
  ];
  for (const [first, second, tag] of cards) await api.textCard(source.id, first, second, tag);
  const copy = await api.category('Idioms again');
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${source.id}`);
  await main.getByRole('button', { name: 'Export the cards of this category' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Anki deck (.apkg)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Idioms.apkg');

  await page.goto(`/my-cards/${copy.id}`);
  await main.getByRole('button', { name: 'Upload a file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload cards from a file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/octet-stream',
    buffer: await readFile((await download.path())!),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden({ timeout: IMPORTED });
  await expect(page.getByText('3 cards were added.')).toBeVisible();

  const sides = async (categoryId: number) =>
    (await api.cards(categoryId)).map((card) => [card.first_side, card.second_side, card.tag]).sort();
  // The deck's name is the tag of a note without one.
  expect(await sides(copy.id)).toEqual(
    cards.map(([first, second, tag]) => [first, second, tag || 'Idioms']).sort(),
  );
  await expect(main.getByText('(букв. „парче торта“)')).toBeVisible();
});
