import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { examsApi, giveExam, threeQuestionTest } from './exams-support';
import { teacherAndAna } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('a student takes a strict exam, leaves it mid-way and it is completed with its score and grade; the teacher sees the result', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  // The test editor is the teacher's screen (tested with it): here the test is built through the API.
  const sample = await threeQuestionTest(request, teacher, `Fractions ${word}`);
  // The teacher's strict option: leaving the exam page completes it (the spec's rule).
  const [examId] = await giveExam(request, teacher, sample, [ana], { leaveCompletes: true });
  const [first, second] = sample.questions as [(typeof sample.questions)[0], (typeof sample.questions)[0]];

  // Ana finds the exam among the exams given to her and opens it.
  const page = await pageFor(browser, { account: ana });
  await page.goto('/my-categories');
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await menu.getByRole('link', { name: 'Exams assigned to me' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exams assigned to me' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(sample.name) });
  await expect(row).toContainText(`Teodora Marinova${word}`);
  await expect(row).toContainText('Not started');
  await settled(page);
  expect(await seriousViolations(page), '/students-school-exams').toEqual([]);
  await row.getByRole('link', { name: `Start the exam ${sample.name}` }).click();

  // The warning: leaving completes the exam; three questions; answers saved as given.
  await expect(page).toHaveURL(new RegExp(`/school-exam-started/${examId}$`));
  await expect(page.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  await expect(page.getByText('Leaving this page completes the exam')).toBeVisible();
  await expect(page.getByText('3 questions, 10 points in all.')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the warning before an exam').toEqual([]);
  await page.getByRole('button', { name: 'Start the exam' }).click();

  // One question at a time, with the time left; each answer is saved as it is given (by keyboard here).
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await expect(main.getByRole('timer')).toHaveText(/^\d{1,2}:\d\d$/);
  const answers = main.getByRole('radiogroup', { name: first.question_text });
  await answers.getByRole('radio', { name: `A. ${first.answer_a}` }).focus();
  await page.keyboard.press('Space');
  await expect(answers.getByRole('radio', { name: `A. ${first.answer_a}` })).toBeChecked();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'a question of the exam').toEqual([]);
  await main.getByRole('button', { name: 'Save and next' }).click();
  await expect(main.getByRole('heading', { name: 'Question 2 of 3' })).toBeFocused();
  await main
    .getByRole('radiogroup', { name: second.question_text })
    .getByRole('radio', { name: `B. ${second.answer_b}` })
    .check();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Question 2, answered' })).toBeVisible();
  await expect(main.getByText('2 of 3 answered')).toBeVisible();
  await expect.poll(async () => (await examsApi(request, ana).exam(examId ?? 0)).answers_count).toBe(2);

  // The exam is a focus mode: no side menu. Mid-way, Ana leaves through the product mark; asked first, she
  // confirms, and that completes the exam.
  await expect(menu).toHaveCount(0);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /home page$/ })
    .click();
  const asked = page.getByRole('dialog', { name: 'Leave the exam?' });
  await expect(asked).toContainText('Leaving this page completes your exam');
  await asked.getByRole('button', { name: 'Leave and complete' }).click();
  await expect.poll(async () => (await examsApi(request, ana).exam(examId ?? 0)).status).toBe('completed');
  await page.goto('/my-categories');

  // Her list and the exam's details show it completed, with 5 of 10 points: "Very good (5)".
  await menu.getByRole('link', { name: 'Exams assigned to me' }).click();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('5 / 10');
  await expect(row).toContainText('Very good (5)');
  await row.getByRole('link', { name: sample.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/school-exam/${examId}$`));
  await expect(page.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  await expect(main.getByText('5 / 10')).toBeVisible();
  await expect(main.getByText('Very good (5)')).toBeVisible();
  await expect(main.getByText('2 of 3 questions')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), "the exam's details, as its student").toEqual([]);

  // Coming back to the exam's page does not open it again.
  await page.goto(`/school-exam-started/${examId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This exam is completed' })).toBeVisible();

  // The teacher sees the result among the exams given, and the answers in the details.
  const teacherPage = await pageFor(browser, { account: teacher });
  await teacherPage.goto('/school-exams');
  const result = teacherPage.getByRole('row', { name: new RegExp(`Stoyanova${word}`) });
  await expect(result).toContainText('Very good (5)');
  await expect(result).toContainText(/5\s*\/\s*10/);
  await teacherPage.goto(`/school-exam/${examId}`);
  const details = teacherPage.getByRole('main');
  await expect(details.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  await expect(details.getByText(`Ana Stoyanova${word}`)).toBeVisible();
  await expect(details.getByText('Very good (5)')).toBeVisible();
  const review = details.getByRole('region', { name: 'Review' });
  await expect(review.getByText('Right: 2 of 2 points')).toBeVisible();
  await expect(review.getByText('Right: 3 of 3 points')).toBeVisible();
  await expect(review.getByText('Not answered: 0 of 5 points')).toBeVisible();
  await expect(review.getByText('Correct answer')).toHaveCount(3);
  await expect(review.getByText("Student's answer")).toHaveCount(2);
  await settled(teacherPage);
  expect(await seriousViolations(teacherPage), "the exam's details, as its teacher").toEqual([]);
});
