import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { examsApi, giveExam, threeQuestionTest } from './exams-support';
import { type schoolWithTeacher, teacherAndAna } from './learning-paths-support';
import { pageFor } from './support';

test.describe.configure({ timeout: 300_000 });

/** A teacher with one student and a three-question test given to the student now, in the default mode. */
const examForOne = async (request: Parameters<typeof schoolWithTeacher>[0]) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const sample = await threeQuestionTest(request, teacher, `Fractions ${word}`);
  const [examId] = await giveExam(request, teacher, sample, [ana], { timeLimit: 20 });
  return { ana, sample, examId: examId ?? 0 };
};

test('a student reloads mid-exam on a phone and continues where she was, with her answer kept', async ({
  browser,
  request,
}) => {
  const { ana, sample, examId } = await examForOne(request);
  const [first, second] = sample.questions as [(typeof sample.questions)[0], (typeof sample.questions)[0]];
  const page = await pageFor(browser, { account: ana, viewport: { width: 390, height: 740 } });
  // Her list on the phone: the exam's status and its start are in sight, not scrolled off to the side.
  await page.goto('/students-school-exams');
  const row = page.getByRole('row', { name: new RegExp(sample.name) });
  await expect(row.getByText('Not started')).toBeInViewport({ ratio: 1 });
  await expect(row.getByText('20 minutes from the start')).toBeAttached();
  await row.getByRole('link', { name: `Start the exam ${sample.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/school-exam-started/${examId}$`));
  // The default mode says the attempt stays open, and the limit inside the window is given.
  await expect(page.getByText('Your attempt stays open until you finish')).toBeVisible();
  await expect(page.getByText(/^You have 20 minutes from when you start/)).toBeVisible();
  await page.getByRole('button', { name: 'Start the exam' }).click();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await main
    .getByRole('radiogroup', { name: first.question_text })
    .getByRole('radio', { name: `A. ${first.answer_a}` })
    .check();
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => (await examsApi(request, ana).exam(examId)).answers_count).toBe(1);

  // The reload asks the browser's leave question first; she goes on with it.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();

  // Back in the same attempt, at the first unanswered question, with the first answer kept.
  await expect(main.getByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
  await expect(main.getByText('You are continuing your exam. The answers you gave are kept.')).toBeVisible();
  await expect(main.getByText('1 of 3 answered')).toBeVisible();
  expect((await examsApi(request, ana).exam(examId)).status).toBe('in_progress');
  await main
    .getByRole('radiogroup', { name: second.question_text })
    .getByRole('radio', { name: `B. ${second.answer_b}` })
    .check();
  await expect(main.getByText('2 of 3 answered')).toBeVisible();
  await main.getByRole('button', { name: 'Question 1, answered' }).click();
  await expect(
    main
      .getByRole('radiogroup', { name: first.question_text })
      .getByRole('radio', { name: `A. ${first.answer_a}` }),
  ).toBeChecked();

  // On the phone the countdown stays in sight, clear of the header, while the page scrolls to the finish.
  await main.getByRole('button', { name: 'Finish the exam' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  const timer = main.getByRole('timer');
  await expect(timer).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const clock = await timer.boundingBox();
  expect(clock && header && clock.y >= header.y + header.height).toBe(true);

  // Finishing asks, naming the question still unanswered.
  await main.getByRole('button', { name: 'Finish the exam' }).click();
  const finish = page.getByRole('dialog', { name: 'Finish the exam?' });
  await expect(finish).toContainText('Not answered: question 3.');
  await finish.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/school-exam/${examId}$`));
  expect((await examsApi(request, ana).exam(examId)).status).toBe('completed');
});

test('a student clicks the product mark during an exam, is asked, stays, and is still in the exam', async ({
  browser,
  request,
}) => {
  const { ana, sample, examId } = await examForOne(request);
  const page = await pageFor(browser, { account: ana });
  // From her list, so the browser's back leads to a page of the app.
  await page.goto('/students-school-exams');
  await page.getByRole('link', { name: `Start the exam ${sample.name}` }).click();
  await page.getByRole('button', { name: 'Start the exam' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();

  // A focus mode: no side menu, footer or account actions; only the mark and the language switch.
  await expect(page.getByRole('navigation', { name: 'Side menu' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link')).toHaveCount(1);

  await header.getByRole('link', { name: /home page$/ }).click();
  const asked = page.getByRole('dialog', { name: 'Leave the exam?' });
  await expect(asked).toContainText('Your exam stays open and your answers are kept');
  await asked.getByRole('button', { name: 'Stay in the exam' }).click();
  await expect(asked).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/school-exam-started/${examId}$`));
  await expect(main.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  expect((await examsApi(request, ana).exam(examId)).status).toBe('in_progress');

  // The browser's back button asks the same; leaving keeps the attempt open.
  await page.goBack();
  await expect(asked).toBeVisible();
  await asked.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/students-school-exams$/);
  expect((await examsApi(request, ana).exam(examId)).status).toBe('in_progress');
});
