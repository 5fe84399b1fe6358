import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dayFromToday, schoolWithTeacher, textCategory } from './learning-paths-support';
import { motionEnded, pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of paths given to a class, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const names = {
  en: {
    teacher: ['Teodora', 'Marinova'],
    students: [
      ['Ana', 'Stoyanova'],
      ['Boris', 'Ivanov'],
    ],
  },
  bg: {
    teacher: ['Теодора', 'Маринова'],
    students: [
      ['Ана', 'Стоянова'],
      ['Борис', 'Иванов'],
    ],
  },
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`class assignment screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 4);
    const { principal, teacher, students } = await schoolWithTeacher(request, {
      teacher: names[language].teacher,
      students: names[language].students.map(([first, last]) => [first, `${last} ${tag}`] as const),
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
    const category = await textCategory(request, teacher, bg ? 'Реки' : 'Rivers', [
      ['Danube', 'Дунав'],
      ['Iskar', 'Искър'],
    ]);
    const given = await request.post('/api/learning-paths/assignments/', {
      data: {
        name: bg ? 'Реките на България' : 'Rivers of Bulgaria',
        school_class: classId,
        category: category.id,
        start_at: dayFromToday(-1),
        end_at: dayFromToday(20),
      },
      headers: { Authorization: `JWT ${teacher.access}` },
    });
    expect(given.status(), await given.text()).toBe(201);
    const assignment = (await given.json()) as { id: number };

    const page = await pageFor(browser, { language, account: teacher, viewport: screenshotViewport });
    await page.goto('/learning-paths');
    await settled(page, { heading: true });
    await saveScreenshot(page, `assignments-teacher-list-${language}`);

    await page
      .getByRole('button', { name: bg ? 'Възложи учебна пътека' : 'Assign a learning path' })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: bg ? 'Клас' : 'A class' }).check();
    await dialog.getByRole('combobox', { name: bg ? 'Клас' : 'Class' }).click();
    await page.getByRole('option', { name: /^7А / }).click();
    await motionEnded(page);
    await saveScreenshot(page, `assignments-create-class-${language}`, { fullPage: false });
    await dialog
      .getByRole('button', { name: bg ? 'Отказ' : 'Cancel' })
      .last()
      .click();
    await expect(dialog).toBeHidden();

    await page.goto(`/learning-path-assignments/${assignment.id}`);
    await settled(page, { heading: true });
    await saveScreenshot(page, `assignments-page-${language}`);
    await page.getByRole('button', { name: bg ? 'Промени' : 'Edit' }).click();
    await motionEnded(page);
    await saveScreenshot(page, `assignments-edit-${language}`, { fullPage: false });
  });
}
