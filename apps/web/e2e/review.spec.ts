import { expect, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { answerByKeys, practiceApi, studyCard } from './practice-support';
import { dueForReview, freeUser } from './seed';
import { seriousViolations, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

test('a learner reviews the due cards of a category and the due count goes down', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Rivers');
  const danube = await cards.textCard(category.id, 'Danube', 'Дунав');
  const iskar = await cards.textCard(category.id, 'Iskar', 'Искър');
  await cards.textCard(category.id, 'Maritsa', 'Марица');
  await dueForReview(request, [danube.id, iskar.id]);
  const main = page.getByRole('main');

  // The total on the profile, and the way in, with the due count, on the categories list and the cards page.
  await page.goto('/profile');
  await expect(main.getByRole('link', { name: '2 cards due for review' })).toBeVisible();
  await page.goto('/my-categories');
  await expect(main.getByRole('link', { name: 'Review due cards (2) of Rivers' })).toBeVisible();
  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('link', { name: /^Review due cards \(2\)/ }).click();
  await expect(page).toHaveURL(new RegExp(`/review/${category.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: 'Review: Rivers' })).toBeVisible();

  // Due cards first, the most overdue first, then the new one.
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  await expect(studyCard(page)).toContainText('Danube');
  expect(await seriousViolations(page), 'review screen').toEqual([]);
  await answerByKeys(page, true);
  await expect(main.getByText('Card 2 of 3')).toBeVisible();
  await expect(studyCard(page)).toContainText('Iskar');
  await answerByKeys(page, false);
  // The missed card joins the end of the round.
  await expect(main.getByText('Card 3 of 4')).toBeVisible();
  await expect(main.getByText('New', { exact: true })).toBeVisible();
  await answerByKeys(page, true);
  // It comes back before the round ends, marked so.
  await expect(main.getByText('Card 4 of 4')).toBeVisible();
  await expect(studyCard(page)).toContainText('Iskar');
  await expect(main.getByText('Again', { exact: true })).toBeVisible();
  await answerByKeys(page, true);
  await expect(main.getByRole('heading', { name: 'Review done' })).toBeFocused();
  await expect(main.getByText(/^The next cards are due on /)).toBeVisible();

  // Nothing is due any more: the count went down to zero, and the next round says when to come back.
  await page.goto(`/my-cards/${category.id}`);
  await main.getByRole('link', { name: 'Review due cards (0) of Rivers' }).click();
  await expect(main.getByText('Nothing due')).toBeVisible();
  await expect(main.getByText(/^The next review is on /)).toBeVisible();
  expect(await seriousViolations(page), 'nothing due').toEqual([]);
  await page.goto('/profile');
  await expect(main.getByRole('link', { name: '0 cards due for review' })).toBeVisible();

  // The answers counted as practice answers do.
  const response = await request.get(`/api/card/card-text/${iskar.id}/`, {
    headers: { Authorization: `JWT ${account.access}` },
  });
  expect(await response.json()).toMatchObject({ guesses_score: 1, incorrect_guesses_score: 1 });
});

test('a card practised in a session is no longer new to review', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('Mountains');
  const rila = await cards.textCard(category.id, 'Rila', 'Рила');
  await cards.textCard(category.id, 'Pirin', 'Пирин');
  // Guessed in practice: Rila is learning now, next due in ten minutes.
  await practiceApi(request, account).answer(rila.id, 'guesses_score');
  const main = page.getByRole('main');

  await page.goto(`/review/${category.id}`);
  await expect(main.getByText('Card 1 of 1')).toBeVisible();
  await expect(studyCard(page)).toContainText('Pirin');
  await expect(main.getByText('New', { exact: true })).toBeVisible();
});

test("a free learner sees the day's answers left, and the last one used stops the review before a card is turned", async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request, await freeUser(request));
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Lakes');
  // 28 of the day's 30 answers go to a card practised elsewhere: missed, it is learning, not yet due.
  const bled = await cards.category('Lakes of Slovenia');
  const practised = await cards.textCard(bled.id, 'Bled', 'Блед');
  await cards.textCard(category.id, 'Ohrid', 'Охрид');
  await cards.textCard(category.id, 'Prespa', 'Преспа');
  for (let i = 0; i < 28; i++) await practice.answer(practised.id, 'incorrect_guesses_score');
  const main = page.getByRole('main');

  await page.goto(`/review/${category.id}`);
  await expect(main.getByText('Card 1 of 2')).toBeVisible();
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('2 cards left today');
  await answerByKeys(page, true);
  await expect(main.getByText('Card 2 of 2')).toBeVisible();
  await expect(main.getByRole('group', { name: 'This session' })).toContainText('1 card left today');
  await answerByKeys(page, false);
  // The missed card would come back, but nothing is left of the day: the round stops before turning it.
  await expect(main.getByText('The session has stopped')).toBeVisible();
  await expect(main.getByText("You have used today's free answers.")).toBeVisible();
  await expect(studyCard(page)).toHaveCount(0);
  expect(await seriousViolations(page), 'limit in review').toEqual([]);
});
