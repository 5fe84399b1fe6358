import { expect, type Page, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { seriousViolations, withCookieConsent, withLanguage } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 90_000 });

test('a card with formatting and a formula: written with a preview, listed and practised as it looks', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Geometry');
  const main = page.getByRole('main');
  // KaTeX is fetched only where a formula shows.
  const katexRequests: string[] = [];
  page.on('request', (request) => {
    if (/formula-render|KaTeX_/.test(request.url())) katexRequests.push(request.url());
  });

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a text card' });
  await expect(add.getByText(/Formatting: \*\*bold\*\*/)).toBeVisible();
  await add.getByLabel('Side one').fill('The **area** of a circle');
  await add.getByLabel('Side two').fill('$\\pi r^2$');
  const preview = add.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('area');
  await expect(preview.locator('.katex')).toBeVisible();
  expect(katexRequests.length).toBeGreaterThan(0);
  expect(await seriousViolations(page), 'the form with its preview').toEqual([]);
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();

  // The list shows it formatted: bold, and the formula drawn (with MathML for screen readers).
  const card = main.getByRole('article').first();
  await expect(card.locator('strong')).toHaveText('area');
  await expect(card.locator('.katex-html')).toBeVisible();
  await expect(card.locator('math annotation')).toHaveText('\\pi r^2');

  // Practised: the front formatted, the back's formula drawn once turned.
  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  const studyCard = main.locator('button[aria-pressed]');
  await expect(studyCard.locator('[aria-hidden="false"] strong')).toHaveText('area');
  await studyCard.click();
  await expect(studyCard.locator('[aria-hidden="false"] .katex-html')).toBeVisible();
  expect(await seriousViolations(page), 'a formula on the practice card').toEqual([]);
  await page.screenshot({ path: 'test-results/rich-card-practice.png' });

  // Typing: the answer is compared with the side's text, as it reads (the formula's LaTeX).
  await page.goto(`/flash-cards-text/${category.id}?type=typing&mode=standard`);
  await main.getByLabel('Your answer').fill('\\pi r^2');
  await main.getByRole('button', { name: 'Check' }).click();
  await expect(main.getByText('Correct!')).toBeVisible();
});

test('in Bulgarian: the form says how to format, and a list and sub- and superscripts show as such', async ({
  page,
  request,
}) => {
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Химия');
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Нова карта' }).first().click();
  const add = page.getByRole('dialog', { name: 'Нова текстова карта' });
  await expect(add.getByText(/Оформление: \*\*удебелен\*\*/)).toBeVisible();
  // A plain text needs no preview.
  await add.getByLabel('Първа страна').fill('Вода');
  await expect(add.getByRole('region', { name: 'Преглед' })).toHaveCount(0);
  await add.getByLabel('Втора страна').fill('H~2~O\n- 2 атома водород\n- 1 атом кислород\nm^3^');
  const preview = add.getByRole('region', { name: 'Преглед' });
  await expect(preview.getByText('Преглед: Втора страна')).toBeVisible();
  await expect(preview.locator('sub')).toHaveText('2');
  await expect(preview.locator('sup')).toHaveText('3');
  await expect(preview.getByRole('listitem')).toHaveText(['2 атома водород', '1 атом кислород']);
  await add.screenshot({ path: 'test-results/rich-card-form-bg.png' });
  await add.getByRole('button', { name: 'Добави картата' }).click();
  await expect(add).toBeHidden();
  const card = main.getByRole('article').first();
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.locator('sub')).toHaveText('2');
});

test('a cloze card: gaps made from the selection, a card per gap, practised flipped and typed', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Capitals');
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a text card' });
  const sideOne = add.getByLabel('Side one');
  await sideOne.fill('Sofia is the capital of Bulgaria');
  const select = (word: string) =>
    sideOne.evaluate((field: HTMLTextAreaElement, text) => {
      const start = field.value.indexOf(text);
      field.setSelectionRange(start, start + text.length);
    }, word);
  await select('Sofia');
  await add.getByRole('button', { name: 'Hide as a gap' }).click();
  await select('Bulgaria');
  // The keys Anki uses do the same.
  await page.keyboard.press('Control+Shift+C');
  await expect(sideOne).toHaveValue('{{c1::Sofia}} is the capital of {{c2::Bulgaria}}');
  // Side two becomes an optional note.
  await expect(add.getByLabel('Extra note (optional)')).not.toHaveAttribute('required');
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add).toBeHidden();
  await expect(main.getByRole('article')).toHaveCount(2);
  await expect(main.getByRole('article').first().getByText('Cloze')).toBeVisible();

  // Flipped: the question has its gap, the answer shows it filled in.
  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  const studyCard = main.locator('button[aria-pressed]');
  const front = studyCard.locator('[aria-hidden="false"]');
  await expect(front).toContainText('[…]');
  await expect(front).toContainText('blank');
  await page.screenshot({ path: 'test-results/cloze-question.png' });
  await studyCard.click();
  await expect(studyCard.locator('[aria-hidden="false"] mark')).toHaveText(/^(Sofia|Bulgaria)$/);
  expect(await seriousViolations(page), 'a cloze card turned').toEqual([]);
  await page.screenshot({ path: 'test-results/cloze-answer.png' });

  // Typed: the gap's answer is what counts.
  await page.goto(`/flash-cards-text/${category.id}?type=typing&mode=standard`);
  const question = await main.locator('[data-flipped] [aria-hidden="false"]').textContent();
  await main.getByLabel('Your answer').fill(question?.includes('capital of [') ? 'bulgaria' : 'sofia');
  await main.getByRole('button', { name: 'Check' }).click();
  await expect(main.getByText('Correct!')).toBeVisible();
});

test("listening: a side spoken in its category's language, by the server's voice where the browser has none", async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A browser without voices: the server's voice speaks.
  await page.addInitScript(() => {
    if ('speechSynthesis' in window) window.speechSynthesis.getVoices = () => [];
  });
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const created = await request.post('/api/card/category/', {
    data: { name: 'Немски', type_of_cards: 'text', language: 'de' },
    headers: { Authorization: `JWT ${account.access}` },
  });
  expect(created.status()).toBe(201);
  const category = (await created.json()) as { id: number };
  await cardsApi(request, account).textCard(category.id, 'der Hund', 'кучето');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  const spoken = page.waitForResponse((response) => response.url().includes('/api/speech/'));
  await main.getByRole('button', { name: 'Чуй' }).click();
  const response = await spoken;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/wav');
  expect(Object.fromEntries(new URL(response.url()).searchParams)).toEqual({
    text: 'der Hund',
    language: 'de',
  });
  // It plays to its end, then the button is ready again.
  await expect(main.locator('[data-listen="speaking"]')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Чуй' })).toBeVisible({ timeout: 10_000 });

  // Side two is Bulgarian: spoken in Bulgarian, by the L key.
  await main.locator('button[aria-pressed]').click();
  const second = page.waitForResponse((response) => response.url().includes('/api/speech/'));
  await page.keyboard.press('l');
  expect(Object.fromEntries(new URL((await second).url()).searchParams)).toEqual({
    text: 'кучето',
    language: 'bg',
  });
});

/** A map-like picture: three coloured towns with their names, to hide and guess. */
async function mapPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d3f9d8';
    context.fillRect(0, 0, 640, 400);
    context.font = 'bold 28px sans-serif';
    const towns: [string, number, number, string][] = [
      ['Sofia', 80, 300, '#1971c2'],
      ['Varna', 480, 120, '#c2255c'],
      ['Plovdiv', 280, 330, '#e67700'],
    ];
    for (const [name, x, y, colour] of towns) {
      context.fillStyle = colour;
      context.beginPath();
      context.arc(x + 40, y - 40, 14, 0, Math.PI * 2);
      context.fill();
      context.fillText(name, x, y);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('an image occlusion card: rectangles drawn on a picture, a card per rectangle, practised flipped and typed', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const category = await cardsApi(request, account).category('Towns', 'picture');
  const main = page.getByRole('main');

  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('button', { name: 'Add a card' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add a picture card' });
  await add.getByText('Hide parts of a picture').click();
  await add.locator('input[type="file"]').setInputFiles({
    name: 'map.png',
    mimeType: 'image/png',
    buffer: await mapPicture(page),
  });
  const editor = add.getByRole('group', { name: 'The picture with its rectangles' });
  await expect(editor).toBeVisible();
  await add.getByRole('button', { name: 'Add the card' }).click();
  await expect(add.getByText('Draw at least one rectangle on the picture.')).toBeVisible();

  // Drawn with the mouse over "Sofia" (640 × 400 picture: the word at 80..160, 270..305).
  const box = (await editor.locator('img').boundingBox())!;
  const at = (x: number, y: number) =>
    [box.x + (x / 640) * box.width, box.y + (y / 400) * box.height] as const;
  await page.mouse.move(...at(70, 265));
  await page.mouse.down();
  await page.mouse.move(...at(170, 312), { steps: 6 });
  await page.mouse.up();
  const first = add.getByRole('button', { name: 'Rectangle 1', exact: true });
  await expect(first).toBeVisible();
  // Added and placed with the keyboard: over "Varna" (480..570, 90..125).
  await add.getByRole('button', { name: 'Add a rectangle' }).click();
  const second = add.getByRole('button', { name: 'Rectangle 2', exact: true });
  await second.focus();
  for (let step = 0; step < 34; step += 1) await page.keyboard.press('ArrowRight');
  for (let step = 0; step < 23; step += 1) await page.keyboard.press('ArrowUp');
  const placed = (await second.boundingBox())!;
  expect(placed.x).toBeGreaterThan(at(460, 0)[0]);
  expect(placed.y).toBeLessThan(at(0, 110)[1]);
  await page.screenshot({ path: 'test-results/occlusion-editor.png' });

  await add.getByRole('button', { name: 'Add 2 cards' }).click();
  await expect(add.getByLabel('What rectangle 1 hides')).toHaveAccessibleDescription(
    'This field is required.',
  );
  await add.getByLabel('What rectangle 1 hides').fill('Sofia');
  await add.getByLabel('What rectangle 2 hides').fill('Varna');
  await expect(add.getByRole('button', { name: 'Rectangle 2: Varna' })).toBeVisible();
  await add.getByRole('radio', { name: 'Hide one, guess it' }).check();
  await add.getByRole('button', { name: 'Add 2 cards' }).click();
  await expect(add).toBeHidden();
  await expect(main.getByRole('article')).toHaveCount(2);
  await expect(
    main.getByRole('img', { name: 'The picture with the part this card asks about in red' }),
  ).toHaveCount(2);

  // Flipped: the question covers the part asked about, the answer uncovers it and names it.
  await page.goto(`/flash-cards-picture/${category.id}?type=verbal&mode=standard`);
  const studyCard = main.locator('button[aria-pressed]');
  const question = studyCard.getByRole('img', {
    name: 'A picture with a part covered in red. What is under it?',
  });
  await expect(question.locator('rect')).toHaveCount(1);
  await expect(question.locator('rect[data-target]')).toHaveCount(1);
  // The cards come in any order: the rectangle on the left half hides Sofia.
  const hidden = async (picture: typeof question) =>
    Number(await picture.locator('rect[data-target]').getAttribute('x')) < 320 ? 'Sofia' : 'Varna';
  const asked = await hidden(question);
  expect(await seriousViolations(page), 'an occlusion question').toEqual([]);
  await page.screenshot({ path: 'test-results/occlusion-question.png' });
  await studyCard.click();
  const answer = studyCard.getByRole('img', { name: /part asked about uncovered/ });
  await expect(answer.locator('rect[data-target]')).toHaveCount(1);
  await expect(studyCard.locator('[aria-hidden="false"]')).toContainText(asked);
  await page.screenshot({ path: 'test-results/occlusion-answer.png' });

  // Typed: what the rectangle hides is the answer.
  await page.goto(`/flash-cards-picture/${category.id}?type=typing&mode=standard`);
  const typed = main.getByRole('img', { name: /covered in red/ });
  await expect(typed).toBeVisible();
  await main.getByLabel('Your answer').fill((await hidden(typed)).toLowerCase());
  await main.getByRole('button', { name: 'Check' }).click();
  await expect(main.getByText('Correct!')).toBeVisible();
});
