import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { threeQuestionTest } from './exams-support';
import { pathsApi, teacherAndAna, textCategory } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test("a teacher ends a path with a test; the student meets its target, takes the test, and the teacher sees the grade in the path's progress", async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const categoryName = `Animals ${word}`;
  await textCategory(request, teacher, categoryName, [
    ['cat', 'котка'],
    ['dog', 'куче'],
  ]);
  const quiz = await threeQuestionTest(request, teacher, `Fractions ${word}`);

  // The teacher assigns the path with the test at its end, learned after one right answer.
  const page = await pageFor(browser, { account: teacher });
  await page.goto('/learning-paths');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning paths' })).toBeVisible();
  await expect(page.getByText('coming soon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Assign a learning path' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Assign learning paths' });
  await dialog.getByLabel('Find students').fill(ana.last_name);
  await dialog.getByRole('button', { name: `Add ${ana.first_name} ${ana.last_name}` }).click();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: `${categoryName} (text)` }).click();
  await dialog.getByLabel('Right answers to learn a card (verbal)').fill('1');
  await dialog.getByRole('combobox', { name: /Test at the end/ }).click();
  await page.getByRole('option', { name: quiz.name }).click();
  await expect(dialog.getByLabel(/Test opens/)).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the create modal with a test').toEqual([]);
  await dialog.getByRole('button', { name: 'Add to the draft' }).click();
  await dialog.getByRole('button', { name: 'Assign 1 path' }).click();
  await expect(dialog.getByText('1 path was assigned.')).toBeVisible();
  const pathId = (await pathsApi(request, teacher).teacherPaths()).results.find(
    (path) => path.assigned_user.id === ana.id,
  )?.id as number;
  expect(await pathsApi(request, teacher).progress(pathId)).toMatchObject({
    test: quiz.id,
    test_state: { status: 'waiting', exam: null },
  });

  // Ana's path waits for its target; she meets it (seeded: each card answered right once).
  const student = await pageFor(browser, { account: ana });
  await student.goto(`/learning-path-progress/${pathId}`);
  await expect(student.getByRole('heading', { name: 'Test', exact: true })).toBeVisible();
  await expect(student.getByText(/^Opens when the path's targets are met/)).toBeVisible();
  await expect(student.getByRole('button', { name: 'Take the test' })).toHaveCount(0);
  const studying = pathsApi(request, ana);
  for (const card of await studying.deck(pathId)) await studying.answer(card.id, 'guesses_score');
  await student.reload();
  await expect(student.getByText(/^Open until/)).toBeVisible();
  await settled(student);
  expect(await seriousViolations(student), "a path's progress with its test open").toEqual([]);

  // She takes the test as an exam: the first two questions right (5 of 10 points), the third left.
  await student.getByRole('button', { name: 'Take the test' }).click();
  await expect(student).toHaveURL(/\/school-exam-started\/\d+$/);
  await student.getByRole('button', { name: 'Start the exam' }).click();
  const main = student.getByRole('main');
  const [first, second] = quiz.questions as [(typeof quiz.questions)[0], (typeof quiz.questions)[0]];
  await main
    .getByRole('radiogroup', { name: first.question_text })
    .getByRole('radio', { name: `A. ${first.answer_a}` })
    .check();
  await expect(main.getByText('1 of 3 answered')).toBeVisible();
  await main.getByRole('button', { name: /^Question 2/ }).click();
  await main
    .getByRole('radiogroup', { name: second.question_text })
    .getByRole('radio', { name: `B. ${second.answer_b}` })
    .check();
  await expect(main.getByText('2 of 3 answered')).toBeVisible();
  await main.getByRole('button', { name: 'Finish the exam' }).click();
  await student
    .getByRole('dialog', { name: 'Finish the exam?' })
    .getByRole('button', { name: 'Finish', exact: true })
    .click();
  await expect(student.getByText('Very good (5)').first()).toBeVisible();

  // The teacher sees the grade in the path's progress.
  await page.goto(`/learning-path-progress/${pathId}`);
  await expect(page.getByRole('heading', { name: 'Test', exact: true })).toBeVisible();
  await expect(page.getByText('Score: 5 of 10')).toBeVisible();
  await expect(page.getByText('Very good (5)')).toBeVisible();
  await expect(page.getByRole('link', { name: "The test's result" })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), "a path's progress with its graded test, as its teacher").toEqual([]);
});
