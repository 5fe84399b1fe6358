import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { dayFromToday, pathsApi, teacherAndAna, textCategory } from './learning-paths-support';
import { practiceApi } from './practice-support';
import { pageFor, seriousViolations, settled, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

test('typing forgives punctuation, points out a slip before it counts, and "I was right" counts a wrong answer as right', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Colours');
  const red = await cards.textCard(category.id, 'The colour of blood', 'red');
  const main = page.getByRole('main');
  const answer = main.getByLabel('Your answer');

  await page.goto(`/flash-cards-text/${category.id}?type=typing&mode=standard`);
  await expect(answer).toBeFocused();

  // One letter short: almost. Nothing counts yet, and the field stays open for another look.
  await answer.fill('re');
  await answer.press('Enter');
  const almost = main.getByTestId('typing-almost');
  await expect(almost).toContainText('Almost!');
  await expect(almost).toContainText('One letter or an accent is off');
  await expect(answer).toBeEditable();
  await expect(answer).toBeFocused();
  await settled(page);
  expect(await seriousViolations(page), 'typing, almost').toEqual([]);

  // Punctuation around the answer does not count.
  await answer.fill('Red.');
  await answer.press('Enter');
  await expect(main.getByTestId('typing-feedback')).toContainText('Correct!');
  await expect.poll(async () => (await practice.textCard(red.id)).guesses_score_typing).toBe(1);
  expect((await practice.textCard(red.id)).incorrect_guesses_score_typing).toBe(0);

  // Another round: a wrong answer shows what was typed beside the right one, marked letter by letter.
  await main.getByRole('button', { name: 'Next card' }).click();
  await main.getByRole('button', { name: 'Another round' }).click();
  await expect(answer).toHaveValue('');
  await answer.fill('rad');
  await answer.press('Enter');
  await expect(almost).toBeVisible();
  await answer.press('Enter');
  const feedback = main.getByTestId('typing-feedback');
  await expect(feedback).toContainText('Not correct.');
  await expect(feedback.getByRole('definition').first()).toContainText('rad');
  await expect(feedback.locator('del')).toHaveText('a');
  await expect(feedback.locator('ins')).toHaveText('e');
  await expect.poll(async () => (await practice.textCard(red.id)).incorrect_guesses_score_typing).toBe(1);
  await settled(page);
  expect(await seriousViolations(page), 'typing, wrong answer marked').toEqual([]);

  // The learner meant it: the wrong answer is taken back and counted as right.
  await main.getByRole('button', { name: 'I was right' }).click();
  await expect(feedback).toContainText('Counted as right');
  await expect(main.getByRole('button', { name: 'Next card' })).toBeFocused();
  await expect(main.getByRole('button', { name: 'I was right' })).toHaveCount(0);
  await expect.poll(async () => (await practice.textCard(red.id)).guesses_score_typing).toBe(2);
  expect((await practice.textCard(red.id)).incorrect_guesses_score_typing).toBe(0);
  await main.getByRole('button', { name: 'Next card' }).click();
  await expect(main.getByTestId('session-end')).toContainText('1Right answers');
});

test('a learner who asks for it has answers without accents accepted', async ({ page, request }) => {
  const account = await signedIn(page, request);
  const cards = cardsApi(request, account);
  const category = await cards.category('French');
  await cards.textCard(category.id, 'Coffee', 'café');
  const main = page.getByRole('main');

  await page.goto(`/flash-cards-text/${category.id}`);
  const filter = page.getByRole('dialog', { name: 'Filter cards' });
  await expect(filter.getByRole('checkbox', { name: /without accents/ })).toHaveCount(0);
  await filter.getByRole('radio', { name: /Typing/ }).check();
  await filter.getByRole('checkbox', { name: 'Accept answers without accents' }).check();
  await filter.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Learning mode' }).getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/type=typing&mode=standard&accents=ignore$/);
  await expect(main.getByText('accents ignored')).toBeVisible();

  await main.getByLabel('Your answer').fill('cafe');
  await main.getByLabel('Your answer').press('Enter');
  await expect(main.getByTestId('typing-feedback')).toContainText('Correct!');

  // "Study" on the category starts the next session at once, set as this one was.
  await page.goto('/my-categories');
  await main.getByRole('link', { name: 'Study French' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/flash-cards-text/${category.id}\\?type=typing&mode=standard&accents=ignore$`),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(main.getByLabel('Your answer')).toBeFocused();
});

test('on a learning path too, "I was right" counts a typed answer as right', async ({ browser, request }) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const category = await textCategory(request, teacher, `Colours ${word}`, [
    ['The colour of grass', 'green'],
  ]);
  const {
    created: [pathId],
  } = await pathsApi(request, teacher).assign([
    {
      name: `Colours ${word}`,
      assigned_user: ana.id,
      category: category.id,
      start_at: dayFromToday(),
      end_at: dayFromToday(7),
      learning_type_verbal: false,
      learning_type_typing: true,
      learned_card_volume_typing: 2,
    },
  ]);
  const page = await pageFor(browser, { account: ana });
  await withCookieConsent(page);
  const main = page.getByRole('main');
  const answer = main.getByLabel('Your answer');
  await page.goto(`/learning-path-cards-text/${pathId}?type=typing`);
  await expect(answer).toBeFocused();
  await answer.fill('grey');
  await answer.press('Enter');
  const feedback = main.getByTestId('typing-feedback');
  await expect(feedback).toContainText('Not correct.');
  await main.getByRole('button', { name: 'I was right' }).click();
  await expect(feedback).toContainText('Counted as right');

  // The path counts one right answer and no wrong one.
  const anaPaths = pathsApi(request, ana);
  await expect
    .poll(async () => (await anaPaths.progress(pathId!)).today)
    .toMatchObject({ flip_cards_typing: 1 });
  const [row] = (await (
    await request.get(`/api/learning-paths/card-text-students/?learning_path_id=${pathId}&type=typing`, {
      headers: { Authorization: `JWT ${ana.access}` },
    })
  ).json()) as { guesses_score_typing: number; incorrect_guesses_score_typing: number }[];
  expect(row).toMatchObject({ guesses_score_typing: 1, incorrect_guesses_score_typing: 0 });
});
