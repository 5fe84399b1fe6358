import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { answerByKeys, practiceApi, shownSide } from './practice-support';
import { memoryOf } from './seed';
import { createActiveUser, pageFor, type TestAccount } from './support';

// The service worker serves the app offline (Playwright's default, said here so that it stays so).
test.use({ serviceWorkers: 'allow' });
// The first visit precaches the app shell, and 15 answers are given on two busy cores.
test.describe.configure({ timeout: 240_000 });

const capitals: [string, string][] = [
  ['Bulgaria', 'Sofia'],
  ['France', 'Paris'],
  ['Spain', 'Madrid'],
  ['Italy', 'Rome'],
  ['Greece', 'Athens'],
  ['Romania', 'Bucharest'],
  ['Serbia', 'Belgrade'],
  ['Austria', 'Vienna'],
];
/** The capitals the learner knows; the others they get wrong. */
const known = new Set(['Sofia', 'Rome', 'Athens', 'Vienna', 'Paris']);
const capitalOf = new Map(capitals.map(([country, capital]) => [country, capital]));

async function learnerWithCapitals(request: APIRequestContext) {
  const account = await createActiveUser(request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Capitals');
  const ids: number[] = [];
  for (const [front, back] of capitals) ids.push((await cards.textCard(category.id, front, back)).id);
  return { account, category: category.id, ids };
}

/** The answers waiting on the device, oldest first, read from its IndexedDB. */
const waitingAnswers = (page: Page, userId: number) =>
  page.evaluate(
    (name) =>
      new Promise<{ card_id: number; mode: string; correct: boolean; answered_at: string }[]>(
        (resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('answers').objectStore('answers').index('by_time').getAll();
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => reject(read.error);
          };
        },
      ),
    `flashcards-offline-${userId}`,
  );

const userIdOf = (account: TestAccount) =>
  (JSON.parse(Buffer.from(account.access.split('.')[1]!, 'base64url').toString()) as { user_id: number })
    .user_id;

/** What answers move, per card in the order of the category's cards, and per day. */
async function progressOf(request: APIRequestContext, account: TestAccount, ids: number[]) {
  const headers = { Authorization: `JWT ${account.access}` };
  // Reading the review summary folds the learner's answers into their memory.
  expect((await request.get('/api/review/summary/', { headers })).ok()).toBe(true);
  const practice = practiceApi(request, account);
  const scores = [];
  for (const id of ids) {
    const card = await practice.textCard(id);
    scores.push([
      card.first_side,
      card.second_side,
      card.guesses_score,
      card.incorrect_guesses_score,
      card.guesses_score_typing,
      card.incorrect_guesses_score_typing,
    ]);
  }
  const activity = (await (await request.get('/api/card/card-requests/', { headers })).json()) as object[];
  // Memory moves with the time between answers (seconds apart here, on the same day): its shape is compared.
  const memory = (await memoryOf(request, ids)).map(
    (state) =>
      state && {
        state: state.state,
        reps: state.reps,
        lapses: state.lapses,
        learningSteps: state.learningSteps,
        scheduledDays: state.scheduledDays,
        stability: Number(state.stability).toFixed(3),
        difficulty: Number(state.difficulty).toFixed(3),
      },
  );
  return { scores, activity, memory };
}

test('a category kept offline is practised offline in two modes, a card edited, and all synced as if online', async ({
  browser,
  request,
}) => {
  const learner = await learnerWithCapitals(request);
  const twin = await learnerWithCapitals(request);
  const page = await pageFor(browser, { account: learner.account });
  const context = page.context();
  const main = page.getByRole('main');
  const status = page.getByRole('banner').getByRole('status');

  // Online: the service worker takes the app, and the category is kept on the device.
  await page.goto(`/my-cards/${learner.category}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await main.getByRole('switch', { name: 'Keep offline' }).check();
  await expect(main.getByText(/\d+(\.\d+)? (kB|bytes|B) on this device/)).toBeVisible();
  await expect(status).toHaveText('Synced');

  // Offline, the app opens again on the last state.
  await context.setOffline(true);
  await page.reload();
  await expect(main.getByText('Bulgaria').first()).toBeVisible();
  await expect(status).toHaveText('Offline');

  // Eight verbal answers.
  await page.goto(`/flash-cards-text/${learner.category}?type=verbal&mode=standard`);
  for (let position = 1; position <= 8; position++) {
    await expect(main.getByText(`Card ${position} of 8`)).toBeVisible();
    await answerByKeys(page, known.has(capitalOf.get(await shownSide(page)) ?? ''));
  }
  const end = main.getByTestId('session-end');
  await expect(end).toContainText('5Right answers');
  await expect(status).toContainText('8 to send');

  // Seven typed answers.
  await page.goto(`/flash-cards-text/${learner.category}?type=typing&mode=standard&quantity=7`);
  const typed = main.getByLabel('Your answer');
  for (let position = 1; position <= 7; position++) {
    await expect(main.getByText(`Card ${position} of 7`)).toBeVisible();
    await expect(typed).toBeFocused();
    const country = await shownSide(page);
    const capital = capitalOf.get(country)!;
    await typed.fill(known.has(capital) ? capital : 'Xyzzy');
    await typed.press('Enter');
    await expect(main.getByTestId('typing-feedback')).toBeVisible();
    await expect(main.getByRole('group', { name: 'This session' })).toContainText(
      `${position} ${position === 1 ? 'answer' : 'answers'} saved on this device`,
    );
    await main.getByRole('button', { name: 'Next card' }).click();
  }
  await expect(end).toBeVisible();
  await expect(status).toContainText('15 to send');

  // A card edited offline.
  await page.goto(`/my-cards/${learner.category}`);
  await main.getByRole('button', { name: 'Edit the card “Bulgaria”' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the text card' });
  await edit.getByLabel('Side two').fill('Sofia (София)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Saved on this device. It will be sent when you are back online.'),
  ).toBeVisible();
  await expect(status).toContainText('16 to send');

  // What the device kept, in the order given: the twin gives the same answers online.
  const given = await waitingAnswers(page, userIdOf(learner.account));
  expect(given).toHaveLength(15);
  const twinPractice = practiceApi(request, twin.account);
  for (const answer of given) {
    const field = `${answer.correct ? '' : 'incorrect_'}guesses_score${answer.mode === 'typing' ? '_typing' : ''}`;
    await twinPractice.answer(twin.ids[learner.ids.indexOf(answer.card_id)]!, field);
  }
  const twinEdit = await request.put(`/api/card/card-text/${twin.ids[0]}/`, {
    headers: { Authorization: `JWT ${twin.account.access}` },
    data: { first_side: 'Bulgaria', second_side: 'Sofia (София)', category: twin.category, tag: '' },
  });
  expect(twinEdit.ok()).toBe(true);

  // Online again: everything is sent, and the header says so.
  await context.setOffline(false);
  await expect(status).toHaveText('Synced');
  await expect(page.getByText('15 answers counted.')).toBeVisible();

  const synced = await progressOf(request, learner.account, learner.ids);
  const online = await progressOf(request, twin.account, twin.ids);
  expect(synced.scores).toEqual(online.scores);
  expect(synced.activity).toEqual(online.activity);
  expect(synced.memory).toEqual(online.memory);
  expect(synced.scores[0]).toEqual([
    'Bulgaria',
    'Sofia (София)',
    expect.any(Number),
    0,
    expect.any(Number),
    0,
  ]);
  expect(synced.memory.every((state) => state !== null)).toBe(true);
});
