import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import { cardsApi, drawnPng, signedIn, wavTone } from './cards-support';
import { motionEnded, saveScreenshot, seriousViolations, withCookieConsent, withLanguage } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

/** An uploaded package is imported by a job the page polls every second: its end may take a while. */
const IMPORTED = 30_000;
/** A large package's job may wait for another import to end, then take some seconds of its own. */
const LARGE_IMPORTED = 60_000;

type SqlStatement = { run(values: (string | number)[]): void; free(): void };
type AnkiWriter = {
  addCard(front: string, back: string, options?: { tags?: string[] }): void;
  addMedia(name: string, data: Buffer): void;
  save(): Promise<Buffer>;
  /** The writer's collection (sql.js) and the ids of the deck and note type it made. */
  db: { prepare(query: string): SqlStatement; run(statement: string): void };
  topDeckId: number;
  topModelId: number;
};

/** An Anki-compatible writer of Anki's older format (as Anki's own export reads) for a deck of this name. */
const ankiWriter = (name: string) =>
  (createRequire(import.meta.url)('anki-apkg-export').default as (deck: string) => AnkiWriter)(name);

/** A small deck of Anki's older format, with media files its notes name (`<img src>`, `[sound:]`). */
const ankiDeck = async (
  name: string,
  notes: [front: string, back: string, tag?: string][],
  media: Record<string, Buffer> = {},
) => {
  const deck = ankiWriter(name);
  for (const [file, data] of Object.entries(media)) deck.addMedia(file, data);
  for (const [front, back, tag] of notes) deck.addCard(front, back, { tags: tag ? [tag] : [] });
  return deck.save();
};

/**
 * A deck of `count` Basic notes ("word 1" / "meaning 1", ...) by the same writer, its notes and cards put
 * into the writer's collection directly: its `addCard` leaks a statement per query (its sql.js has a fixed
 * 16 MB heap and aborts the process after a few hundred notes) and scans the notes for every id (4,000
 * notes would take some 17 s even without the leak). One note and one card each, in the columns `addCard`
 * writes, in one transaction.
 */
const largeAnkiDeck = async (name: string, count: number) => {
  const deck = ankiWriter(name);
  const notes = deck.db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
  const cards = deck.db.prepare(
    "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
  );
  const now = Date.now();
  deck.db.run('BEGIN');
  try {
    for (let i = 1; i <= count; i++) {
      const [front, back] = [`word ${i}`, `meaning ${i}`];
      const fields = `${front}\x1f${back}`;
      const sha1 = createHash('sha1').update(fields).digest('hex');
      notes.run([now + i, sha1, deck.topModelId, now, fields, front, Number.parseInt(sha1.slice(0, 8), 16)]);
      cards.run([now + i, now + i, deck.topDeckId, now, i]);
    }
    deck.db.run('COMMIT');
  } finally {
    notes.free();
    cards.free();
  }
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
    '\ufeffside_one,side_two,tag\r\n**go**,"тръгвам\nотивам",motion\r\nsee & say,виждам и казвам,Глаголи\r\n',
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

/** The polls of a running import (GET /api/card/imports/{id}/), not its start (POST /api/card/imports/). */
const importPoll = (url: URL) => /\/api\/card\/imports\/[^/]+\/$/.test(url.pathname);

test('a large deck imported with its progress bar', async ({ page, request }) => {
  // On the embedded database (one connection in the server's own thread) a poll waits behind the package's
  // opening and the transaction that adds the cards: of 30,000 notes it often sees only the start and
  // the end, never the count.
  test.fixme(
    !process.env.E2E_DATABASE_URL,
    'on the embedded database the polls seldom see the count of a running import',
  );
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Vocabulary');
  // Read and added in a few seconds: long enough for the page's polls, a second apart, to see the count
  // (of 4,000 notes the job is often done by the first poll after the upload).
  const deck = await largeAnkiDeck('Vocabulary', 30_000);
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Upload a file' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload cards from a file' });
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'vocabulary.apkg',
    mimeType: 'application/octet-stream',
    buffer: deck,
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  // The upload's answer is the import, waiting for its job: the bar shows at once.
  const bar = upload.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Continue in the background' })).toBeFocused();
  // Once the job has opened the package, the bar and the line count its notes.
  const line = upload.getByRole('status');
  await expect(line).toHaveText(/^Reading notes: \d{1,3}(,\d{3})* of 30,000$/, { timeout: LARGE_IMPORTED });
  await expect(bar).toHaveAttribute('aria-valuemax', '30000');
  await expect(bar).toHaveAttribute('aria-valuetext', /^Reading notes: [\d,]+ of 30,000$/);
  expect(await seriousViolations(page)).toEqual([]);
  // Still there after the check (it never comes back once gone): the check saw the running import.
  await expect(bar).toBeVisible({ timeout: 0 });

  await expect(page.getByText('30,000 cards were added.')).toBeVisible({ timeout: LARGE_IMPORTED });
  await expect(upload).toBeHidden();
  await expect(main.getByText('30,000 cards · 0 learned verbally · 0 learned by typing')).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: /^30,000 cards$/ })).toBeVisible();
});

test('a kids category imports an Anki deck of pictures, words and sounds in a language chosen (Bulgarian)', async ({
  page,
  request,
}) => {
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Животни', 'kids');
  const deck = await ankiDeck(
    'Animals',
    [
      ['<img src="cat.png">', 'cat [sound:cat.wav]'],
      ['<img src="dog.png">', 'dog[sound:dog.wav]'],
    ],
    {
      'cat.png': await drawnPng(page, '#7048e8', 'C'),
      'dog.png': await drawnPng(page, '#0c8599', 'D'),
      // A tenth of a second: 800 samples at 8,000 Hz.
      'cat.wav': wavTone(0.1),
      'dog.wav': wavTone(0.1),
    },
  );
  const main = page.getByRole('main');

  await page.goto(`/my-kids-cards/${category.id}`);
  await main.getByRole('button', { name: 'Качи от файл' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Качване на карти от файл' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'животни.apkg',
    mimeType: 'application/octet-stream',
    buffer: deck,
  });
  // The interface's language is chosen at first; the words are English.
  const language = dialog
    .getByRole('textbox', { name: 'Език' })
    .or(dialog.getByRole('combobox', { name: 'Език' }));
  await expect(language).toHaveValue('Български');
  await language.click();
  await page.getByRole('option', { name: 'Английски' }).click();
  await expect(language).toHaveValue('Английски');

  // The polls wait (a slow connection) until the progress view is checked: it shows the import as the
  // upload answered it, waiting for its job.
  let answerPolls = () => {};
  const polls = new Promise<void>((resolve) => {
    answerPolls = resolve;
  });
  await page.route(importPoll, async (route) => {
    await polls;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Качи' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Напредък на внасянето' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Внасянето ще започне след малко…');
  await expect(dialog.getByRole('button', { name: 'Продължи във фонов режим' })).toBeFocused();
  await motionEnded(page);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'anki-import-progress-kids-bg', { fullPage: false });
  answerPolls();

  await expect(page.getByText('Добавени са 2 карти.')).toBeVisible({ timeout: IMPORTED });
  await expect(dialog).toBeHidden();
  await expect(main.getByRole('article')).toHaveCount(2);
  for (const word of ['cat', 'dog']) {
    const card = main.getByRole('article').filter({ has: page.getByText(word, { exact: true }) });
    await expect(card.getByRole('img', { name: word })).toBeVisible();
    await expect(card).toContainText('Английски');
    await expect(card.getByRole('button', { name: `Пусни звука на „${word}“` })).toBeVisible();
  }
  // The sound is the package's: played, it is fetched as a WAV file.
  const sound = page.waitForResponse((response) => response.request().resourceType() === 'media');
  await main.getByRole('button', { name: 'Пусни звука на „cat“' }).click();
  expect((await sound).ok()).toBe(true);
  expect((await sound).headers()['content-type']).toBe('audio/wav');
});
