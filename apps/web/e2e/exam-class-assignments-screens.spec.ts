import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { minutesFromNow, type QuestionFields, sitExam, threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { motionEnded, pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of exams given to a class, in both languages, on a laptop and a phone, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const phone = { width: 390, height: 844 };

const texts = {
  en: {
    teacher: ['Teodora', 'Marinova'],
    students: [
      ['Ana', 'Stoyanova'],
      ['Boris', 'Ivanov'],
    ],
    test: 'Fractions',
    questions: undefined,
  },
  bg: {
    teacher: ['Теодора', 'Маринова'],
    students: [
      ['Ана', 'Стоянова'],
      ['Борис', 'Иванов'],
    ],
    test: 'Дроби',
    questions: [
      {
        question_text: 'Колко е 1/2 + 1/4?',
        answer_a: '3/4',
        answer_b: '2/6',
        correct_answer: 'a',
        score_value: 2,
      },
      {
        question_text: 'Колко е 2/3 от 9?',
        answer_a: '3',
        answer_b: '6',
        correct_answer: 'b',
        score_value: 3,
      },
      {
        question_text: 'Как се записва 1/5 като десетична дроб?',
        answer_a: '0,5',
        answer_b: '0,2',
        correct_answer: 'b',
        score_value: 5,
      },
    ] satisfies QuestionFields[],
  },
} as const;

/** Opens the exam dialog of the exams page with the class 7А chosen. */
async function openGiveToClass(page: Page, bg: boolean, testName: string) {
  await page.goto('/school-exams');
  await settled(page, { heading: true });
  await page
    .getByRole('button', { name: bg ? 'Дай като изпит' : 'Give as an exam' })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: bg ? 'Тест' : 'Test' }).click();
  await page.getByRole('option', { name: new RegExp(`^${testName} `) }).click();
  await dialog.getByRole('radio', { name: bg ? 'На клас' : 'A class' }).check();
  await dialog.getByRole('combobox', { name: bg ? 'Клас' : 'Class' }).click();
  await page.getByRole('option', { name: /^7А / }).click();
  await motionEnded(page);
}

for (const language of ['en', 'bg'] as const) {
  test(`exam class assignment screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 4);
    const words = texts[language];
    const { principal, teacher, students } = await schoolWithTeacher(request, {
      teacher: words.teacher,
      students: words.students.map(([first, last]) => [first, `${last} ${tag}`] as const),
    });
    const headers = { Authorization: `JWT ${principal.access}` };
    const made = await request.post('/api/school/classes/', { data: { name: '7А' }, headers });
    const classId = ((await made.json()) as { id: number }).id;
    await request.put(`/api/school/classes/${classId}/teachers/${teacher.id}/`, {
      data: { role: 'class_teacher' },
      headers,
    });
    for (const student of students)
      await request.put(`/api/school/school-students/${student.id}/class/`, {
        data: { class_id: classId },
        headers,
      });
    const sample = await threeQuestionTest(request, teacher, `${words.test} ${tag}`, words.questions);
    const given = await request.post('/api/exam/assignments/', {
      data: {
        school_test: sample.id,
        school_class: classId,
        start_at: minutesFromNow(-1),
        end_at: minutesFromNow(45),
        time_limit_minutes: 30,
        shuffle_questions: true,
      },
      headers: { Authorization: `JWT ${teacher.access}` },
    });
    expect(given.status(), await given.text()).toBe(201);
    const assignment = (await given.json()) as { id: number };
    // Ana has written it: her grade shows, and the start and the rules are locked in the Edit dialog.
    const details = await request.get(`/api/exam/assignments/${assignment.id}/`, {
      headers: { Authorization: `JWT ${teacher.access}` },
    });
    const anaExam = (
      (await details.json()) as { exams: { id: number; student: { id: number } }[] }
    ).exams.find((exam) => exam.student.id === students[0]!.id);
    await sitExam(request, students[0]!, anaExam!.id, [
      [sample.questions[0]!.id, 'a'],
      [sample.questions[1]!.id, 'b'],
    ]);

    const page = await pageFor(browser, { language, account: teacher, viewport: screenshotViewport });
    await page.goto('/school-exams');
    await settled(page, { heading: true });
    await saveScreenshot(page, `exam-assignments-list-${language}`);

    await openGiveToClass(page, bg, sample.name);
    await saveScreenshot(page, `exam-assignments-give-class-${language}`, { fullPage: false });

    await page.goto(`/exam-assignments/${assignment.id}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `exam-assignment-page-${language}`);
    await page.getByRole('button', { name: bg ? 'Промени' : 'Edit' }).click();
    await motionEnded(page);
    await saveScreenshot(page, `exam-assignment-edit-${language}`, { fullPage: false });

    const small = await pageFor(browser, { language, account: teacher, viewport: phone });
    await small.goto(`/exam-assignments/${assignment.id}`);
    await settled(small, { heading: true });
    await saveScreenshot(small, `exam-assignment-page-phone-${language}`);
    await openGiveToClass(small, bg, sample.name);
    await saveScreenshot(small, `exam-assignments-give-class-phone-${language}`, { fullPage: false });
  });
}
