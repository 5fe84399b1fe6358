import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { examsApi, giveExam } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('a teacher puts a picture above a question; the student sees it while taking, and the paper prints it', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Petya', `Ivanova${word}`],
    students: [['Boris', `Kolev${word}`]],
  });
  const boris = students[0] as (typeof students)[number];
  const api = examsApi(request, teacher);
  const test = await api.createTest({
    name: `Maps ${word}`,
    excellent_score_value: 4,
    very_good_score_value: 3,
    good_score_value: 2,
    satisfy_score_value: 1,
    fail_score_value: 0,
  });
  const text = 'Which river is shown on the map?';
  await api.addQuestion(test.id, {
    question_text: text,
    answer_a: 'Danube',
    answer_b: 'Iskar',
    correct_answer: 'a',
    score_value: 4,
  });

  // The editor: the question's picture is chosen from a file, and its preview shows at once.
  const page = await pageFor(browser, { account: teacher });
  const main = page.getByRole('main');
  await page.goto(`/school-test/create/${test.id}`);
  await main.getByRole('button', { name: 'Edit question 1' }).click();
  const form = main.getByRole('form', { name: 'Edit question 1' });
  const map = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2f6fb0' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles({ name: 'map.png', mimeType: 'image/png', buffer: map });
  await expect(form.getByRole('img', { name: text })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Replace the picture' })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the editor with a question picture').toEqual([]);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(main.getByRole('img', { name: text })).toBeVisible();

  // The printed paper shows it above the question.
  await page.goto(`/school-test/print/${test.id}`);
  const printed = page.getByRole('img', { name: text });
  await expect(printed).toBeVisible();
  expect(await printed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // On a phone the student sees it while taking, no wider than the screen.
  const [examId] = await giveExam(request, teacher, test, [boris]);
  const phone = await pageFor(browser, { account: boris, viewport: { width: 390, height: 844 } });
  await phone.goto(`/school-exam-started/${examId}`);
  await phone.getByRole('button', { name: 'Start the exam' }).click();
  const shown = phone.getByRole('main').getByRole('img', { name: text });
  await expect(shown).toBeVisible();
  expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const box = await shown.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await settled(phone);
  expect(await seriousViolations(phone), 'taking a question with a picture').toEqual([]);
});
