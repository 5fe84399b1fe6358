import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { giveExam, sitExam, threeQuestionTest } from './exams-support';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of a class's gradebook and of the principal's view of the teachers' work, in both languages. */
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: screenshotViewport });

const names = {
  en: {
    teacher: ['Teodora', 'Marinova'],
    students: [
      ['Ana', 'Stoyanova'],
      ['Boris', 'Ivanov'],
      ['Vera', 'Petkova'],
    ],
    tests: ['Fractions', 'Decimals', 'Percentages'],
    path: 'Rivers of Europe',
  },
  bg: {
    teacher: ['Теодора', 'Маринова'],
    students: [
      ['Ана', 'Стоянова'],
      ['Борис', 'Иванов'],
      ['Вера', 'Петкова'],
    ],
    tests: ['Дроби', 'Десетични дроби', 'Проценти'],
    path: 'Реките на Европа',
  },
} as const;

/** Answers of the three-question test: all right (6), the first two (5), the first only (2). */
const answersFor = (questions: { id: number }[], level: number) =>
  (
    [
      [questions[0]!.id, 'a'],
      [questions[1]!.id, 'b'],
      [questions[2]!.id, 'c'],
    ] as [number, 'a' | 'b' | 'c'][]
  ).slice(0, level);

for (const language of ['en', 'bg'] as const) {
  test(`gradebook screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const text = names[language];
    const { principal, teacher, students } = await schoolWithTeacher(request, {
      teacher: text.teacher,
      students: [...text.students],
    });
    const headers = { Authorization: `JWT ${principal.access}` };
    const created = await request.post('/api/school/classes/', { data: { name: '7А' }, headers });
    expect(created.status(), await created.text()).toBe(201);
    const classId = ((await created.json()) as { id: number }).id;
    for (const student of students)
      expect(
        (
          await request.put(`/api/school/school-students/${student.id}/class/`, {
            data: { class_id: classId },
            headers,
          })
        ).status(),
      ).toBe(204);
    await request.put(`/api/school/classes/${classId}/teachers/${teacher.id}/`, {
      data: { role: 'class_teacher' },
      headers,
    });

    // Three exams graded from each student's answers; Vera leaves the last one unstarted while it is open,
    // so it shows as not graded yet.
    for (const [index, name] of text.tests.entries()) {
      const sample = await threeQuestionTest(request, teacher, `${name} ${randomUUID().slice(0, 4)}`);
      const exams = await giveExam(request, teacher, sample, students);
      for (const [who, exam] of exams.entries()) {
        if (index === 2 && who === 2) continue;
        await sitExam(request, students[who]!, exam, answersFor(sample.questions, 3 - ((who + index) % 3)));
      }
    }
    const category = await textCategory(request, teacher, text.path, [
      ['Danube', 'Дунав'],
      ['Rhine', 'Рейн'],
    ]);
    await pathsApi(request, teacher).assign(
      students.map((student) => ({
        name: text.path,
        assigned_user: student.id,
        category: category.id,
        start_at: dayFromToday(),
        end_at: dayFromToday(14),
        learned_card_volume_verbal: 2,
      })),
    );

    const page = await pageFor(browser, {
      language,
      account: teacher,
      viewport: screenshotViewport,
      init: () => {
        window.print = () => undefined;
      },
    });
    await page.goto(`/school-classes/${classId}`);
    await page.getByRole('tab', { name: bg ? 'Дневник' : 'Gradebook' }).click();
    await expect(page.getByRole('article').getByRole('table')).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `gradebook-${language}`);
    await page.emulateMedia({ media: 'print' });
    await saveScreenshot(page, `gradebook-print-${language}`);

    const principalPage = await pageFor(browser, {
      language,
      account: principal,
      viewport: screenshotViewport,
    });
    await principalPage.goto('/school-teachers-work');
    const picker = principalPage.getByRole('combobox', { name: bg ? 'Учител' : 'Teacher' });
    await picker.fill(text.teacher[1]);
    await principalPage.getByRole('option', { name: new RegExp(text.teacher[1]) }).click();
    await expect(principalPage.getByRole('table', { name: bg ? 'Изпити' : 'Exams' })).toBeVisible();
    await settled(principalPage, { heading: true });
    await saveScreenshot(principalPage, `teachers-work-${language}`);
    await principalPage
      .getByRole('table', { name: bg ? 'Изпити' : 'Exams' })
      .getByRole('link')
      .first()
      .click();
    await expect(principalPage.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(principalPage, { heading: true });
    await saveScreenshot(principalPage, `teachers-work-exam-${language}`);

    await principalPage.goto('/my-school');
    await settled(principalPage, { heading: true });
    await saveScreenshot(principalPage, `school-listed-switch-${language}`, { fullPage: false });
  });
}
