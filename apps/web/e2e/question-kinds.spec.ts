import { randomUUID } from 'node:crypto';
import { expect, type Locator, test } from '@playwright/test';
import { examsApi, giveExam } from './exams-support';
import { teacherAndAna } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

const kindOf = (form: Locator, kind: string) =>
  form.getByRole('combobox', { name: 'Question type' }).selectOption({ label: kind });

test('a teacher writes a test of three question types, a student takes it on a phone, and the result shows the partial credit', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const test = await examsApi(request, teacher).createTest({
    name: `Bulgaria ${word}`,
    excellent_score_value: 10,
    very_good_score_value: 8,
    good_score_value: 6,
    satisfy_score_value: 4,
    fail_score_value: 0,
  });

  // The editor: several correct answers, a short typed answer and an ordering.
  const page = await pageFor(browser, { account: teacher });
  const main = page.getByRole('main');
  await page.goto(`/school-test/create/${test.id}`);
  let form = main.getByRole('form', { name: 'Add question 1' });
  await kindOf(form, 'Several correct answers');
  await form.getByRole('textbox', { name: 'Question', exact: true }).fill('Which are rivers of Bulgaria?');
  await form.getByRole('textbox', { name: /^Answer A/ }).fill('Iskar');
  await form.getByRole('textbox', { name: /^Answer B/ }).fill('Rila');
  await form.getByRole('textbox', { name: /^Answer C/ }).fill('Maritsa');
  await form.getByRole('checkbox', { name: 'Answer A is correct' }).check();
  await form.getByRole('checkbox', { name: 'Answer C is correct' }).check();
  await expect(form.getByText(/right answers chosen − wrong answers chosen/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Points' }).fill('4');
  await form.getByRole('button', { name: 'Add the question' }).click();
  await expect(main.getByText('Which are rivers of Bulgaria?', { exact: true })).toBeVisible();

  form = main.getByRole('form', { name: 'Add question 2' });
  await kindOf(form, 'Short typed answer');
  await form.getByRole('textbox', { name: 'Question', exact: true }).fill('The highest peak of Bulgaria?');
  await form.getByRole('textbox', { name: 'Accepted answers' }).fill('Мусала\nMusala');
  await form.getByRole('textbox', { name: 'Points' }).fill('3');
  await form.getByRole('button', { name: 'Add the question' }).click();
  await expect(main.getByText('The highest peak of Bulgaria?', { exact: true })).toBeVisible();

  form = main.getByRole('form', { name: 'Add question 3' });
  await kindOf(form, 'Ordering');
  await form.getByRole('textbox', { name: 'Question', exact: true }).fill('From the oldest to the newest');
  await form.getByRole('button', { name: 'Add one more' }).click();
  for (const [index, item] of ['Preslav', 'Tarnovo', 'Sofia'].entries())
    await form.getByRole('textbox', { name: `Item ${index + 1}` }).fill(item);
  await form.getByRole('textbox', { name: 'Points' }).fill('3');
  await form.getByRole('button', { name: 'Add the question' }).click();
  await expect(main.getByText('From the oldest to the newest', { exact: true })).toBeVisible();
  await expect(main.getByText('Right answer: Preslav → Tarnovo → Sofia')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the editor with three question types').toEqual([]);
  const saved = await examsApi(request, teacher).test(test.id);
  expect(saved.questions.map((q) => (q as unknown as { kind: string }).kind)).toEqual([
    'multiple',
    'short_text',
    'ordering',
  ]);
  const [examId] = await giveExam(request, teacher, test, [ana]);

  // On the phone: one right answer of two, the peak typed in small letters, the items put in order.
  const phone = await pageFor(browser, { account: ana, viewport: { width: 390, height: 844 } });
  const screen = phone.getByRole('main');
  await phone.goto(`/school-exam-started/${examId}`);
  await phone.getByRole('button', { name: 'Start the exam' }).click();
  await expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await screen.getByRole('checkbox', { name: 'A. Iskar' }).check();
  await expect(screen.getByText('Saved', { exact: true })).toBeVisible();
  await screen.getByRole('button', { name: 'Save and next' }).click();

  await expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toBeVisible();
  await screen.getByRole('textbox', { name: 'Your answer' }).fill(' мусала ');
  await screen.getByRole('button', { name: 'Save and next' }).click();

  await expect(screen.getByRole('heading', { name: 'Question 3 of 3' })).toBeVisible();
  const items = screen.getByRole('group', { name: 'From the oldest to the newest' }).getByRole('listitem');
  const order = async () => (await items.allInnerTexts()).map((text) => text.replace(/^\d+\.\s*/, '').trim());
  for (const [place, item] of ['Preslav', 'Tarnovo', 'Sofia'].entries()) {
    while ((await order()).indexOf(item) > place) {
      const button = screen.getByRole('button', { name: `Move ${item} up` });
      await button.focus();
      await phone.keyboard.press('Enter');
    }
  }
  expect(await order()).toEqual(['Preslav', 'Tarnovo', 'Sofia']);
  await expect(screen.getByText('3 of 3 answered')).toBeVisible();
  await settled(phone);
  expect(await seriousViolations(phone), 'an ordering question on a phone').toEqual([]);
  await screen.getByRole('button', { name: 'Finish the exam' }).click();
  await phone
    .getByRole('dialog', { name: 'Finish the exam?' })
    .getByRole('button', { name: 'Finish', exact: true })
    .click();
  await expect(phone).toHaveURL(new RegExp(`/school-exam/${examId}$`));
  // 4 × (1 − 0) / 2 = 2, then 3 and 3.
  expect(await examsApi(request, ana).exam(examId)).toMatchObject({ status: 'completed', score: 8 });

  // The teacher's review of the attempt shows the partial credit and its rule.
  await page.goto(`/school-exam/${examId}`);
  await expect(main.getByText('Partly right: 2 of 4 points')).toBeVisible();
  await expect(main.getByText(/The student's answer:\s+мусала/)).toBeVisible();
  await expect(main.getByText('Right: 3 of 3 points')).toHaveCount(2);
});
