import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { cardsApi } from './cards-support';
import { examsApi, giveExam } from './exams-support';
import { schoolWithTeacher, teacherAndAna } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

const capitals: [string, string][] = [
  ['France', 'Paris'],
  ['Italy', 'Rome'],
  ['Bulgaria', 'Sofia'],
  ['Japan', 'Tokyo'],
  ['Peru', 'Lima'],
];

test('a teacher builds a test from a category of cards, changes a question, removes one and saves it', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [],
  });
  const cards = cardsApi(request, teacher);
  const category = await cards.category(`Capitals ${word}`);
  for (const [front, back] of capitals) await cards.textCard(category.id, front, back);

  const page = await pageFor(browser, { account: teacher });
  const main = page.getByRole('main');
  await page.goto('/school-tests');
  await main.getByRole('button', { name: 'Test from cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'A test from cards' });

  // The category and four questions; the server drafts them.
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: `Capitals ${word} (5 cards)` }).click();
  await dialog.getByRole('textbox', { name: 'One correct answer' }).fill('4');
  await settled(page);
  expect(await seriousViolations(page), 'choosing the cards').toEqual([]);
  await dialog.getByRole('button', { name: 'Draft the questions' }).click();
  await expect(dialog.getByText('4 questions drafted from 5 cards.', { exact: false })).toBeVisible();

  // Each question is a card's front with its back among the answers, marked right.
  const fronts = new Map(capitals);
  const firstFront = ((await dialog.getByText(/^1\. /).textContent()) ?? '').replace(/^1\. /, '');
  const first = dialog.getByRole('listitem').filter({ hasText: `1. ${firstFront}` });
  expect(fronts.has(firstFront)).toBe(true);
  await expect(first).toContainText(`${fronts.get(firstFront)}(right answer)`);

  // By keyboard: the first question is reworded and worth two points; the fourth goes.
  await dialog.getByRole('button', { name: 'Edit question 1' }).press('Enter');
  const form = dialog.getByRole('form', { name: 'Question 1' });
  await form
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill(`What is the capital of ${firstFront}?`);
  await form.getByRole('textbox', { name: 'Points' }).fill('2');
  await form.getByRole('button', { name: 'Keep the changes' }).click();
  await expect(dialog.getByText(`1. What is the capital of ${firstFront}?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove question 4' }).press('Enter');
  await expect(dialog.getByText('3 of 4 questions kept.')).toBeFocused();
  // Away from the buttons: a hovered one's background is not what is checked.
  await page.mouse.move(0, 0);
  await settled(page);
  expect(await seriousViolations(page), 'the drafted questions').toEqual([]);
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Named, with grades to start from, and saved: the editor shows the test with its three questions.
  await expect(dialog.getByText('3 questions, 4 points in all.', { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Capitals quiz ${word}`);
  await dialog.getByRole('button', { name: 'Save the test' }).click();
  await expect(page).toHaveURL(/\/school-test\/create\/\d+$/);
  const testId = Number(page.url().split('/').pop());
  await expect(main.getByText(`What is the capital of ${firstFront}?`, { exact: true })).toBeVisible();
  await expect(main.getByText('The questions give 4 points in all.')).toBeVisible();

  const saved = await examsApi(request, teacher).test(testId);
  expect(saved.name).toBe(`Capitals quiz ${word}`);
  expect(saved.questions).toHaveLength(3);
  expect(saved.questions[0]).toMatchObject({
    question_text: `What is the capital of ${firstFront}?`,
    score_value: 2,
  });
  const rightOf = (question: (typeof saved.questions)[number]) =>
    question[`answer_${question.correct_answer}` as 'answer_a'];
  expect(rightOf(saved.questions[0]!)).toBe(fronts.get(firstFront));
});

test('a test built from cards with three question types is taken on a phone-sized page', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, ana } = await teacherAndAna(request, word);
  const cards = cardsApi(request, teacher);
  const category = await cards.category(`Capitals ${word}`);
  const sixCapitals: [string, string][] = [...capitals, ['Spain', 'Madrid']];
  for (const [front, back] of sixCapitals) await cards.textCard(category.id, front, back);
  const backOf = new Map(sixCapitals);

  // Two questions of each of three types, drafted and shown before saving.
  const page = await pageFor(browser, { account: teacher });
  await page.goto('/school-tests');
  await page.getByRole('main').getByRole('button', { name: 'Test from cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'A test from cards' });
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: `Capitals ${word} (6 cards)` }).click();
  await dialog.getByRole('textbox', { name: 'One correct answer' }).fill('2');
  await dialog.getByRole('textbox', { name: 'True or false' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Short typed answer' }).fill('2');
  await dialog.getByRole('button', { name: 'Draft the questions' }).click();
  await expect(dialog.getByText('6 questions drafted from 6 cards.', { exact: false })).toBeVisible();
  await expect(dialog.getByText(/^True or false\. Right answer: (True|False)$/)).toHaveCount(2);
  await expect(dialog.getByText(/^Short typed answer\. Right answer: /)).toHaveCount(2);
  await page.mouse.move(0, 0);
  await settled(page);
  expect(await seriousViolations(page), 'a draft of three question types').toEqual([]);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Capitals mixed ${word}`);
  await dialog.getByRole('button', { name: 'Save the test' }).click();
  await expect(page).toHaveURL(/\/school-test\/create\/\d+$/);
  const testId = Number(page.url().split('/').pop());
  const saved = await examsApi(request, teacher).test(testId);
  expect(saved.questions.map((question) => question.kind)).toEqual([
    'single',
    'single',
    'true_false',
    'true_false',
    'short_text',
    'short_text',
  ]);
  const [examId] = await giveExam(request, teacher, { id: testId }, [ana]);

  // On a phone: every answer right but the first statement's; a typed answer in capitals.
  const phone = await pageFor(browser, { account: ana, viewport: { width: 390, height: 844 } });
  const screen = phone.getByRole('main');
  await phone.goto(`/school-exam-started/${examId}`);
  await phone.getByRole('button', { name: 'Start the exam' }).click();
  for (const [index, question] of saved.questions.entries()) {
    await expect(screen.getByRole('heading', { name: `Question ${index + 1} of 6` })).toBeVisible();
    if (question.kind === 'single') {
      const right = backOf.get(question.question_text) ?? '';
      await screen.getByRole('radio', { name: new RegExp(`^[A-D]\\. ${right}$`) }).check();
    } else if (question.kind === 'true_false') {
      const truth = question.settings?.correct === true;
      const said = index === 2 ? !truth : truth;
      await screen.getByRole('radio', { name: said ? 'True' : 'False' }).check();
    } else {
      await screen
        .getByRole('textbox', { name: 'Your answer' })
        .fill(` ${backOf.get(question.question_text)?.toUpperCase()} `);
    }
    if (index === 2) {
      await settled(phone);
      expect(await seriousViolations(phone), 'a true/false question on a phone').toEqual([]);
    }
    if (index < 5) await screen.getByRole('button', { name: 'Save and next' }).click();
  }
  await expect(screen.getByText('6 of 6 answered')).toBeVisible();
  await screen.getByRole('button', { name: 'Finish the exam' }).click();
  await phone
    .getByRole('dialog', { name: 'Finish the exam?' })
    .getByRole('button', { name: 'Finish', exact: true })
    .click();
  await expect(phone).toHaveURL(new RegExp(`/school-exam/${examId}$`));
  expect(await examsApi(request, ana).exam(examId)).toMatchObject({ status: 'completed', score: 5 });
});
