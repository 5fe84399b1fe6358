import { expect, type Page, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import {
  saveScreenshot,
  seriousViolations,
  type TestAccount,
  withCookieConsent,
  withLanguage,
} from './support';

test.beforeEach(async ({ page }) => {
  await withCookieConsent(page);
});

const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });
const total = (page: Page, label: string) =>
  section(page, /Activity|Активност/)
    .locator('dt', { hasText: label })
    .locator('+ dd');

/**
 * Ten correct answers to the only card of a category, on the browser's calendar day: learned, finished;
 * then nine cards of another category once each, so that ten cards were studied (a card counts toward the
 * badges once a minute). Returns that day as the server counted it (its activity entry).
 */
async function practiseTenCards(page: Page, account: TestAccount): Promise<string> {
  const { request } = page;
  const api = cardsApi(request, account);
  const headers = { Authorization: `JWT ${account.access}` };
  const answer = async (cardId: number, body: object) =>
    expect((await request.put(`/api/card/card-text/${cardId}/`, { data: body, headers })).ok()).toBe(true);
  const rivers = await api.category('Rivers');
  const danube = await api.textCard(rivers.id, 'Danube', 'Дунав');
  for (let score = 1; score <= 10; score++) await answer(danube.id, { guesses_score: score });
  const cities = await api.category('Cities');
  for (let i = 1; i <= 9; i++) {
    const city = await api.textCard(cities.id, `City ${i}`, `Град ${i}`);
    await answer(city.id, { guesses_score: 1 });
  }
  const activity = await request.get('/api/card/card-requests/', { headers });
  const entries = (await activity.json()) as { create_at: string; card_requests: number }[];
  expect(entries).toEqual([expect.objectContaining({ card_requests: 19 })]);
  return entries[0]!.create_at;
}

/** A day (YYYY-MM-DD) as the app writes it in the language: a long date of that calendar day. */
const longDate = (page: Page, day: string, language: 'en' | 'bg') =>
  page.evaluate(
    ({ day, language }) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(day)),
    { day, language },
  );

test('the profile shows practice per day on a chart, its totals and the badges earned', async ({
  page,
  request,
}) => {
  // A day of practice, then two pages checked by axe: over 30 s when the tests run side by side.
  test.setTimeout(90_000);
  const account = await signedIn(page, request);
  await page.goto('/profile');
  const activity = section(page, 'Activity');
  await expect(activity.getByText('No practice in this period yet.', { exact: false })).toBeVisible();
  await expect(total(page, 'Cards practised')).toHaveText('0');
  const badges = section(page, 'Badges');
  await expect(badges.getByText('0 of 21 earned.', { exact: false })).toBeVisible();
  await expect(
    badges.getByRole('img', { name: '10 cards practised in a day: not earned yet' }),
  ).toBeVisible();

  const day = await practiseTenCards(page, account);
  await page.reload();
  await expect(total(page, 'Cards practised')).toHaveText('19');
  await expect(total(page, 'Cards learned')).toHaveText('1');
  await expect(total(page, 'Days of practice')).toHaveText('1');
  await expect(activity.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  // The same figures for a screen reader, in the table behind the chart.
  await expect(activity.getByRole('table')).toContainText('19');

  const today = await longDate(page, day, 'en');
  await expect(badges.getByText('2 of 21 earned.', { exact: false })).toBeVisible();
  await expect(
    badges.getByRole('img', { name: `10 cards practised in a day: earned on ${today}` }),
  ).toBeVisible();
  await expect(
    badges.getByRole('img', { name: `A category finished verbally: earned on ${today}` }),
  ).toBeVisible();
  await expect(
    badges.getByRole('img', { name: '20 cards practised in a day: not earned yet' }),
  ).toBeVisible();

  await activity.getByText('Last 90 days').click();
  await expect(activity.getByRole('table')).toHaveAccessibleName(
    'Cards practised on each day of the last 90 days',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, 'profile-activity-en');
});

test('the activity and badges speak Bulgarian', async ({ page, request }) => {
  await withLanguage(page, 'bg');
  const account = await signedIn(page, request);
  const day = await practiseTenCards(page, account);
  await page.goto('/profile');
  await expect(total(page, 'Упражнени карти')).toHaveText('19');
  const badges = section(page, 'Значки');
  await expect(badges.getByText('Спечелени: 2 от 21.', { exact: false })).toBeVisible();
  const today = await longDate(page, day, 'bg');
  await expect(
    badges.getByRole('img', { name: `10 упражнени карти за един ден: спечелена на ${today}` }),
  ).toBeVisible();
  await expect(section(page, 'Активност').getByText('Последните 90 дни')).toBeVisible();
  await saveScreenshot(page, 'profile-activity-bg');
});
