import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { giveExam, threeQuestionTest } from './exams-support';
import { dayFromToday, pathsApi, teacherAndAna, textCategory } from './learning-paths-support';
import { createActiveUser, seriousViolations, settled, type TestAccount, withCookieConsent } from './support';

test.describe.configure({ timeout: 240_000 });
test.beforeEach(async ({ page }) => withCookieConsent(page));

/** Signs in through the form, as a person does: where the app lands is the point. */
async function logIn(page: Page, account: TestAccount) {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('E-mail').fill(account.email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await main.getByRole('button', { name: 'Log in' }).click();
}

test("a student given a path and an exam lands on a home with today's target and the exam's countdown", async ({
  page,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const category = await textCategory(request, teacher, `Rivers ${word}`, [
    ['Danube', 'Дунав'],
    ['Maritsa', 'Марица'],
  ]);
  await pathsApi(request, teacher).assign([
    {
      name: `Rivers, week 1 ${word}`,
      assigned_user: ana.id,
      category: category.id,
      start_at: dayFromToday(0),
      end_at: dayFromToday(7),
      daily_cards_flip_target: 15,
      learned_card_volume_verbal: 2,
    },
  ]);
  const sample = await threeQuestionTest(request, teacher, `Capitals ${word}`);
  await giveExam(request, teacher, sample, [ana], { startIn: 90, minutes: 150 });

  await logIn(page, ana);
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();

  const paths = page.getByRole('region', { name: "Today's learning paths" });
  await expect(paths.getByText(`Rivers, week 1 ${word}`)).toBeVisible();
  await expect(paths.getByRole('progressbar', { name: 'Cards answered today' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 15',
  );
  const exams = page.getByRole('region', { name: 'Exams ahead' });
  await expect(exams.getByText(sample.name)).toBeVisible();
  await expect(exams.getByRole('timer')).toHaveText(/^Opens in 01:(29|30):\d\d$/);
  await expect(exams.getByRole('link', { name: /Start the exam/ })).toHaveCount(0);

  // A student uses no teaching tools: "Assigned from me" is not in the menu.
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'Exams assigned to me' })).toBeVisible();
  await expect(menu.getByText('Assigned from me')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'My Tests' })).toHaveCount(0);
  await settled(page);
  expect(await seriousViolations(page), '/home of a student').toEqual([]);

  // The path's button leads to it; the brand mark leads home again, and so does the visitors' address.
  await paths.getByRole('link', { name: `Study Rivers, week 1 ${word}` }).click();
  await expect(page).toHaveURL(/\/learning-path-progress\/\d+$/);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /home page$/ })
    .click();
  await expect(page).toHaveURL('/home');
  await page.goto('/');
  await expect(page).toHaveURL('/home');
});

test("a new learner's home says what to do first, and the menu has no teaching tools", async ({
  page,
  request,
}) => {
  const learner = await createActiveUser(request, { first_name: 'Vera', last_name: 'Petkova' });
  await logIn(page, learner);
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Vera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start with your first category' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await expect(menu.getByRole('link', { name: 'My Categories' })).toBeVisible();
  await expect(menu.getByText('Assigned from me')).toHaveCount(0);
  for (const tool of ['My Tests', 'My Exams', 'Reports', 'Learning paths'])
    await expect(menu.getByRole('link', { name: tool, exact: true })).toHaveCount(0);
  await settled(page);
  expect(await seriousViolations(page), '/home of a new learner').toEqual([]);

  await page.getByRole('link', { name: 'Browse the catalog' }).click();
  await expect(page).toHaveURL('/market');
});
