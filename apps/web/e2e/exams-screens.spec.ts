import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { examsApi, giveExam, type QuestionFields, threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { motionEnded, pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of the student's exam screens and the exam details, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const texts = {
  en: {
    teacher: ['Teodora', 'Marinova'],
    student: ['Ana', 'Stoyanova'],
    tests: ['Fractions', 'Decimals', 'Percentages'],
    questions: undefined,
  },
  bg: {
    teacher: ['Теодора', 'Маринова'],
    student: ['Ана', 'Стоянова'],
    tests: ['Дроби', 'Десетични дроби', 'Проценти'],
    questions: [
      {
        question_text: 'Колко е 1/2 + 1/4?',
        answer_a: '3/4',
        answer_b: '2/6',
        answer_c: '1/8',
        correct_answer: 'a',
        score_value: 2,
      },
      {
        question_text: 'Колко е 2/3 от 9?',
        answer_a: '3',
        answer_b: '6',
        answer_c: '9',
        answer_d: '18',
        correct_answer: 'b',
        score_value: 3,
      },
      {
        question_text: 'Как се записва 1/5 като десетична дроб?',
        answer_a: '0,5',
        answer_b: '0,15',
        answer_c: '0,2',
        correct_answer: 'c',
        score_value: 5,
      },
    ] satisfies QuestionFields[],
  },
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`exam screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 4);
    const words = texts[language];
    const { teacher, students } = await schoolWithTeacher(request, {
      teacher: words.teacher,
      students: [[words.student[0], `${words.student[1]} ${tag}`]],
    });
    const student = students[0] as (typeof students)[number];
    const questions = words.questions ? [...words.questions] : undefined;
    const [done, open, later] = await Promise.all(
      words.tests.map((name) => threeQuestionTest(request, teacher, `${name} ${tag}`, questions)),
    );
    if (!done || !open || !later) throw new Error('three tests');
    const [doneExam] = await giveExam(request, teacher, done, [student]);
    const [openExam] = await giveExam(request, teacher, open, [student]);
    await giveExam(request, teacher, later, [student], { startIn: 24 * 60, minutes: 24 * 60 + 45 });

    // One exam already taken: two answers right, one wrong.
    const api = examsApi(request, student);
    const started = await api.start(doneExam ?? 0);
    const [q1, q2, q3] = started.questions as [{ id: number }, { id: number }, { id: number }];
    await api.answer(doneExam ?? 0, q1.id, 'a');
    await api.answer(doneExam ?? 0, q2.id, 'b');
    await api.answer(doneExam ?? 0, q3.id, 'a');
    await api.complete(doneExam ?? 0);

    // The student's list, the warning, a question and the details.
    const page = await pageFor(browser, { language, account: student, viewport: screenshotViewport });
    await page.goto('/students-school-exams');
    await settled(page, { heading: true });
    await saveScreenshot(page, `exams-student-list-${language}`);
    await page.goto(`/school-exam-started/${openExam}`);
    await expect(page.getByRole('button', { name: bg ? 'Започни изпита' : 'Start the exam' })).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `exams-warning-${language}`);
    await page.getByRole('button', { name: bg ? 'Започни изпита' : 'Start the exam' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: bg ? 'Запази и напред' : 'Save and next' }).click();
    await expect(page.getByText(bg ? 'Запазено' : 'Saved', { exact: true })).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `exams-question-${language}`);
    await page.getByRole('button', { name: bg ? 'Завърши изпита' : 'Finish the exam' }).click();
    await motionEnded(page);
    await saveScreenshot(page, `exams-finish-${language}`, { fullPage: false });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: bg ? 'Завърши' : 'Finish', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/school-exam/${openExam}$`));
    await page.goto(`/school-exam/${doneExam}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `exams-student-details-${language}`);

    // The teacher's view of the same exam, with the review of every answer.
    const teacherPage = await pageFor(browser, { language, account: teacher, viewport: screenshotViewport });
    await teacherPage.goto(`/school-exam/${doneExam}`);
    await settled(teacherPage, { heading: true });
    await expect(
      teacherPage.getByRole('region', { name: bg ? 'Преглед на отговорите' : 'Review' }),
    ).toBeVisible();
    await saveScreenshot(teacherPage, `exams-teacher-details-${language}`);
  });
}
