import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { examsApi } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

/** A date and time `minutes` from now as a `datetime-local` field holds it, in the browser's time zone. */
const localMoment = (page: Page, minutes: number) =>
  page.evaluate((offset) => {
    const moment = new Date(Date.now() + offset * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
  }, minutes);

type Question = { text: string; answers: string[]; correct: string; points: number };

async function addQuestion(form: Locator, { text, answers, correct, points }: Question) {
  await form.getByRole('textbox', { name: 'Question', exact: true }).fill(text);
  const letters = ['A', 'B', 'C', 'D'];
  for (const [index, answer] of answers.entries()) {
    const letter = letters[index];
    await form.getByRole('textbox', { name: new RegExp(`^Answer ${letter}`) }).fill(answer);
  }
  await form.getByRole('radio', { name: `Answer ${correct} is the correct one` }).check();
  await form.getByRole('textbox', { name: 'Points' }).fill(String(points));
  await form.getByRole('button', { name: 'Add the question' }).click();
}

test.describe.configure({ timeout: 300_000 });

test('a teacher builds a three-question test in the editor, with its grade bands, and gives it to a student as an exam', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [['Boris', `Petrov${word}`]],
  });
  const boris = students[0] as (typeof students)[number];
  const name = `Capitals ${word}`;

  // From the menu to an empty editor.
  const page = await pageFor(browser, { account: teacher });
  const main = page.getByRole('main');
  await page.goto('/my-categories');
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'My Tests' }).click();
  await expect(page).toHaveURL(/\/school-tests$/);
  await main.getByRole('link', { name: 'Create a test' }).first().click();
  await expect(page).toHaveURL(/\/school-test\/create$/);

  // The name and the thresholds, then the test is created and the questions come next.
  await main.getByRole('textbox', { name: 'Name' }).fill(name);
  await main.getByRole('textbox', { name: 'Excellent (6) from' }).fill('9');
  await main.getByRole('textbox', { name: 'Very good (5) from' }).fill('7');
  await main.getByRole('textbox', { name: 'Good (4) from' }).fill('5');
  await main.getByRole('textbox', { name: 'Satisfactory (3) from' }).fill('3');
  await main.getByRole('button', { name: 'Create the test' }).click();
  await expect(page).toHaveURL(/\/school-test\/create\/\d+$/);
  const testId = Number(page.url().split('/').pop());

  const questions: Question[] = [
    { text: 'The capital of France?', answers: ['Paris', 'Lyon'], correct: 'A', points: 2 },
    { text: 'The capital of Italy?', answers: ['Milan', 'Rome', 'Turin'], correct: 'B', points: 3 },
    {
      text: 'The capital of Spain?',
      answers: ['Seville', 'Valencia', 'Madrid', 'Bilbao'],
      correct: 'C',
      points: 5,
    },
  ];
  for (const [index, question] of questions.entries()) {
    const form = main.getByRole('form', { name: `Add question ${index + 1}` });
    await addQuestion(form, question);
    await expect(main.getByText(question.text, { exact: true })).toBeVisible();
  }

  // Ten points in all: the bands follow the thresholds.
  await expect(main.getByText('The questions give 10 points in all.')).toBeVisible();
  const bands = main.getByRole('region', { name: 'Grades by points' });
  await expect(bands).toContainText('9 to 10 points');
  await expect(bands).toContainText('0 to 2 points');

  // The last question moves up: the order is saved on the server.
  await main.getByRole('button', { name: 'Move question 3 up' }).click();
  await expect(main.getByText('The question is now number 2 of 3.')).toBeAttached();
  await expect
    .poll(async () => (await examsApi(request, teacher).test(testId)).questions.map((q) => q.question_text))
    .toEqual(['The capital of France?', 'The capital of Spain?', 'The capital of Italy?']);
  await settled(page);
  expect(await seriousViolations(page), 'the test editor').toEqual([]);

  // Given as an exam to Boris, found by his name, from a minute ago for an hour.
  await main.getByRole('button', { name: 'Give as an exam' }).click();
  const dialog = page.getByRole('dialog', { name: `Give “${name}” as an exam` });
  await dialog.getByRole('textbox', { name: 'Find students' }).fill(`Petrov${word}`);
  await dialog.getByRole('button', { name: `Add Boris Petrov${word}` }).click();
  await expect(dialog.getByText('1 student chosen')).toBeVisible();
  await dialog.getByLabel(/^Start/).fill(await localMoment(page, -1));
  await dialog.getByLabel(/^End/).fill(await localMoment(page, 60));
  await dialog.getByRole('checkbox', { name: 'Shuffle the questions and answers' }).check();
  await settled(page);
  expect(await seriousViolations(page), 'giving an exam').toEqual([]);
  await dialog.getByRole('button', { name: 'Give the exam to 1 student' }).click();
  await expect(dialog.getByText('1 exam was created.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The test is listed with its exam; the exams page shows Boris's, not started yet.
  await page.goto('/school-tests');
  const row = main.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('10');
  await row.getByRole('link', { name: `See the 1 exam of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/school-exams\\?test_id=${testId}`));
  const exam = main.getByRole('row', { name: new RegExp(`Petrov${word}`) });
  await expect(exam).toContainText('Not started');
  await expect(exam).toContainText('0 / 3');
  await settled(page);
  expect(await seriousViolations(page), 'the exams given').toEqual([]);

  // Boris finds it among his exams, shuffled for him alone but with the same three questions.
  const [given] = (await examsApi(request, boris).studentExams()).results;
  expect(given).toMatchObject({
    school_test: { id: testId, name },
    shuffle_questions: true,
    status: 'not_started',
  });
});
