import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sitExam, sittingOfTwo } from './exams-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test("the teacher watches a sitting live, reopens a student's completed attempt, and the student answers again", async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const {
    teacher,
    sample,
    students: [ana, boris],
    exams: [anaExam, borisExam],
    questions: [first, second, third],
  } = await sittingOfTwo(
    request,
    {
      teacher: ['Maria', `Ivanova${word}`],
      students: [
        ['Ana', `Atanasova${word}`],
        ['Boris', `Borisov${word}`],
      ],
    },
    `Fractions ${word}`,
  );

  // Ana answers two questions and finishes early; Boris has answered one and is writing.
  const anaApi = await sitExam(request, ana, anaExam, [
    [first.id, 'a'],
    [second.id, 'b'],
  ]);
  const borisApi = await sitExam(request, boris, borisExam, [[first.id, 'a']], { complete: false });

  // The teacher opens the live view from the exams of the test.
  const teacherPage = await pageFor(browser, { account: teacher });
  await teacherPage.goto(`/school-exams?test_id=${sample.id}`);
  await teacherPage.getByRole('link', { name: 'Watch live' }).click();
  await expect(teacherPage).toHaveURL(new RegExp(`/school-tests/${sample.id}/live$`));
  await expect(teacherPage.getByRole('heading', { level: 1, name: `Live: ${sample.name}` })).toBeVisible();
  await expect(teacherPage.getByText(/^Updated at /)).toBeVisible();
  const table = teacherPage.getByRole('table', { name: /The students of this sitting/ });
  const anaRow = table.getByRole('row', { name: new RegExp(`Atanasova${word}`) });
  const borisRow = table.getByRole('row', { name: new RegExp(`Borisov${word}`) });
  await expect(anaRow).toContainText('Finished');
  await expect(anaRow).toContainText(/2\s*\/\s*3/);
  await expect(borisRow).toContainText('Writing');
  await expect(borisRow).toContainText(/1\s*\/\s*3/);
  // The sitting's counts above its students.
  const summary = teacherPage.getByRole('region', { name: 'The sitting at a glance' });
  await expect(summary).toContainText(/Students\s*2/);
  await expect(summary).toContainText(/Writing now\s*1/);
  await expect(summary).toContainText(/Finished\s*1/);
  await settled(teacherPage);
  expect(await seriousViolations(teacherPage), 'the live view').toEqual([]);

  // Boris answers again: the view shows it by itself.
  await borisApi.answer(borisExam, second.id, 'b');
  await expect(borisRow).toContainText(/2\s*\/\s*3/, { timeout: 15_000 });

  // Ana's attempt is reopened for 15 minutes, by keyboard.
  await anaRow.getByRole('button', { name: `Reopen the attempt of Ana Atanasova${word}` }).focus();
  await teacherPage.keyboard.press('Enter');
  const dialog = teacherPage.getByRole('dialog', { name: 'Reopen the attempt' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Minutes from now/).fill('15');
  await settled(teacherPage);
  expect(await seriousViolations(teacherPage), 'the reopen dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Reopen the attempt' }).click();
  await expect(teacherPage.getByText(`Ana Atanasova${word} may answer again.`)).toBeVisible();
  await expect(anaRow).not.toContainText('Finished');
  await expect(summary).toContainText(/Writing now\s*2/);
  expect((await anaApi.exam(anaExam)).status).toBe('in_progress');

  // Ana opens the exam again and answers the last question.
  const page = await pageFor(browser, { account: ana });
  await page.goto(`/school-exam-started/${anaExam}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Question 3 of 3' })).toBeVisible();
  await main
    .getByRole('radiogroup', { name: third.question_text })
    .getByRole('radio', { name: `C. ${third.answer_c}` })
    .check();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => (await anaApi.exam(anaExam)).answers_count).toBe(3);
  await expect(anaRow).toContainText(/3\s*\/\s*3/, { timeout: 15_000 });

  // The exam's details show the teacher what was done, and when.
  await teacherPage.goto(`/school-exam/${anaExam}`);
  const actions = teacherPage.getByRole('list', { name: 'Recorded actions' });
  await expect(actions.getByText(`Reopened by M. Ivanova${word}, 15 more minutes`)).toBeVisible();
  await expect(actions.getByText(`Completed by A. Atanasova${word}`)).toBeVisible();
  await expect(actions.getByText(`Continued by A. Atanasova${word}`)).toBeVisible();
});
