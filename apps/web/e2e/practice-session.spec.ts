import { expect, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { answerByKeys, practiceApi, shownSide } from './practice-support';
import { seriousViolations, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

const capitals: [string, string][] = [
  ['Sofia', 'Bulgaria'],
  ['Paris', 'France'],
  ['Rome', 'Italy'],
  ['Vienna', 'Austria'],
  ['Madrid', 'Spain'],
];
/** The learner knows these; the others they get wrong. */
const known = new Set(['Sofia', 'Rome', 'Vienna']);

test('a session of five cards ends with its summary; the wrong ones come again; the last answer can be taken back', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Capitals');
  for (const [front, back] of capitals) await cards.textCard(category.id, front, back);
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  await expect(main.getByText('Card 1 of 5')).toBeVisible();
  for (let position = 1; position <= 5; position++) {
    await expect(main.getByText(`Card ${position} of 5`)).toBeVisible();
    await answerByKeys(page, known.has(await shownSide(page)));
  }

  // The round is the session: its summary, not card 1 again.
  const end = main.getByTestId('session-end');
  await expect(end.getByRole('heading', { name: 'Session over' })).toBeFocused();
  await expect(main.getByText(/^Card \d of \d$/)).toHaveCount(0);
  await expect(end).toContainText('3Right answers');
  await expect(end).toContainText('2Wrong answers');
  await expect(end).toContainText('0Cards learned');
  await expect(end.getByText(/^\d+ sec$|^\d+ min \d+ sec$/)).toBeVisible();
  await expect(end.getByRole('link', { name: 'Back to the category' })).toHaveAttribute(
    'href',
    `/my-cards/${category.id}`,
  );
  expect(await seriousViolations(page), 'session summary').toEqual([]);

  // The wrong ones again: Paris and Madrid only.
  await end.getByRole('button', { name: 'The 2 wrong ones again' }).click();
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  const again: string[] = [];
  for (let position = 1; position <= 2; position++) {
    await expect(main.getByText(`Card ${position} of 2`)).toBeVisible();
    const shown = await shownSide(page);
    again.push(shown);
    await answerByKeys(page, position === 1);
  }
  expect([...again].sort()).toEqual(['Madrid', 'Paris']);
  await expect(end).toContainText('1Right answers');
  await expect(end).toContainText('1Wrong answers');
  await expect(end.getByRole('button', { name: 'The wrong one again' })).toBeVisible();

  // The last answer taken back (Z): the card is shown again, counted neither here nor on the server.
  const lastCard = again[1]!;
  await page.keyboard.press('z');
  await expect(main.getByText('Card 2 of 2')).toBeVisible();
  expect(await shownSide(page)).toBe(lastCard);
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('1 right');
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('0 wrong');
  const day = (await request
    .get('/api/card/card-requests/', { headers: { Authorization: `JWT ${account.access}` } })
    .then((response) => response.json())) as { card_requests: number }[];
  expect(day[0]!.card_requests).toBe(6);
  // Only once: the button is off until the next answer.
  await expect(main.getByRole('button', { name: 'Undo the last answer' })).toBeDisabled();
  await answerByKeys(page, true);
  await expect(end).toContainText('2Right answers');
  await expect(end).toContainText('0Wrong answers');
  await expect(end.getByRole('button', { name: /wrong ones? again/ })).toHaveCount(0);

  // Another round deals the whole deck again; ending it early shows the same summary.
  await end.getByRole('button', { name: 'Another round' }).click();
  await expect(main.getByText('Card 1 of 5')).toBeVisible();
  await answerByKeys(page, false);
  await main.getByRole('button', { name: 'End the session' }).click();
  await expect(end).toContainText('0Right answers');
  await expect(end).toContainText('1Wrong answers');
});

test('finishing a category is celebrated with the badge, the totals kept', async ({ page, request }) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Rivers');
  const danube = await cards.textCard(category.id, 'Danube', 'Black Sea');
  const iskar = await cards.textCard(category.id, 'Iskar', 'Danube');
  // Nine right answers each from elsewhere: the tenth here learns them.
  for (const card of [danube, iskar])
    for (let i = 0; i < 9; i++) await practice.answer(card.id, 'guesses_score');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await answerByKeys(page, true);
  // The learned counter follows the answer at once.
  await expect(main.getByText('Card 2 of 2')).toBeVisible();
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('1 learned');
  await answerByKeys(page, true);

  const end = main.getByTestId('session-end');
  await expect(end.getByRole('heading', { name: 'You learned every card of Rivers!' })).toBeFocused();
  await expect(end.getByRole('img', { name: 'A category finished verbally' })).toBeVisible();
  await expect(end).toContainText('2Right answers');
  await expect(end).toContainText('2Cards learned');
  await expect(main.getByText('No more cards with given filters')).toHaveCount(0);
  expect(await seriousViolations(page), 'celebration').toEqual([]);

  // The profile has the badge.
  await page.goto('/profile');
  await expect(page.getByRole('img', { name: /^A category finished verbally: earned on/ })).toBeVisible();
});

test('on a phone, typing mode keeps the feedback in view and shows no key hints', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await withCookieConsent(page);
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Long words');
  const long = `${'A long question that goes on and on. '.repeat(16)}End.`;
  await cards.textCard(category.id, long, 'answer');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}?type=typing&mode=standard`);
  const field = main.getByLabel('Your answer');
  await expect(field).toBeFocused();
  // No key hints on a touch screen.
  for (const hint of await main.locator('kbd').all()) await expect(hint).toBeHidden();

  // Long text scrolls inside the card rather than being cut off.
  const content = main.locator('[data-flipped] [aria-hidden="false"] > span').last();
  expect(await content.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);

  // The on-screen keyboard leaves about half of the screen: the question, the field and the feedback share it.
  await page.setViewportSize({ width: 390, height: 420 });
  await field.fill('wrong');
  await main.getByRole('button', { name: 'Check' }).click();
  const feedback = main.getByTestId('typing-feedback');
  await expect(feedback.getByRole('definition').last()).toContainText('answer');
  await expect
    .poll(async () => {
      const box = await feedback.boundingBox();
      const visible = await page.evaluate(() => ({
        top: window.visualViewport?.offsetTop ?? 0,
        height: window.visualViewport?.height ?? window.innerHeight,
      }));
      return box !== null && box.y >= visible.top && box.y + box.height <= visible.top + visible.height;
    })
    .toBe(true);
  await expect(main.getByRole('button', { name: 'Next card' })).toBeInViewport();
  await expect(main.locator('[data-flipped]')).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 390, height: 844 });

  // Verbal mode on the phone: a hint to tap, none about keys.
  await page.goto(`/flash-cards-text/${category.id}?type=verbal&mode=standard`);
  await expect(main.getByText('Tap the card to turn it over.')).toBeVisible();
  await expect(main.getByText('Click the card or press Space to turn it over.')).toBeHidden();
  for (const hint of await main.locator('kbd').all()) await expect(hint).toBeHidden();
  await context.close();
});
