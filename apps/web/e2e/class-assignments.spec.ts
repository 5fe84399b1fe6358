import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { schoolWithTeacher, textCategory } from './learning-paths-support';
import { pageFor, seriousViolations, settled, type TestAccount } from './support';

test.describe.configure({ timeout: 300_000 });

/** The principal's class calls, for what the test sets up without the screens. */
function classesApi(request: APIRequestContext, principal: TestAccount) {
  const headers = { Authorization: `JWT ${principal.access}` };
  return {
    async create(name: string) {
      const response = await request.post('/api/school/classes/', { data: { name }, headers });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    },
    async nameTeacher(classId: number, teacherId: number) {
      const response = await request.put(`/api/school/classes/${classId}/teachers/${teacherId}/`, {
        data: { role: 'class_teacher' },
        headers,
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async move(studentId: number, classId: number | null) {
      const response = await request.put(`/api/school/school-students/${studentId}/class/`, {
        data: { class_id: classId },
        headers,
      });
      expect(response.status(), await response.text()).toBe(204);
    },
  };
}

test('the teacher gives a path to 7А; a student who joins 7А later finds it on her home and her bell', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const { principal, teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [
      ['Ana', `Stoyanova${word}`],
      ['Vesela', `Koleva${word}`],
    ],
  });
  const [ana, vesela] = students as [(typeof students)[0], (typeof students)[0]];
  const classes = classesApi(request, principal);
  const classA = await classes.create('7А');
  await classes.nameTeacher(classA, teacher.id);
  await classes.move(ana.id, classA);
  const categoryName = `Rivers ${word}`;
  await textCategory(request, teacher, categoryName, [
    ['Danube', 'Дунав'],
    ['Iskar', 'Искър'],
  ]);

  // The teacher gives one path to the class 7А.
  const page = await pageFor(browser, { account: teacher });
  await page.goto('/learning-paths');
  await page.getByRole('button', { name: 'Assign a learning path' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Assign learning paths' });
  await dialog.getByRole('radio', { name: 'A class' }).check();
  await dialog.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: /^7А / }).click();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: `${categoryName} (text)` }).click();
  await expect(dialog.getByLabel('Name of the path')).toHaveValue(categoryName);
  await settled(page);
  expect(await seriousViolations(page), 'the path form for a class').toEqual([]);
  await dialog.getByRole('button', { name: 'Give to the class' }).click();
  await expect(dialog.getByText('7А: 1 student has the path now.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // It is listed once, with its students counted.
  const given = page.getByRole('table', { name: /gave to classes and groups/ });
  await expect(given.getByRole('row', { name: new RegExp(categoryName) })).toContainText('1 student');

  // Vesela is in the school without a class; the principal moves her into 7А. Her home has the path for
  // today, and her bell tells her of it.
  await classes.move(vesela.id, classA);
  const student = await pageFor(browser, { account: vesela });
  await student.goto('/');
  // The student's first page loads its code: a busy machine takes its time.
  await expect(student.getByRole('heading', { level: 1, name: 'Hello, Vesela' })).toBeVisible({
    timeout: 30_000,
  });
  const bell = student.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  const today = student.getByRole('region', { name: "Today's learning paths" });
  await today.getByRole('link', { name: categoryName }).click();
  await expect(student.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();

  // The teacher sees both students on the assignment's page and moves its end by a week for all of them.
  await page.reload();
  await given.getByRole('link', { name: categoryName }).click();
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(page.getByText('2 students')).toBeVisible();
  const progress = page.getByRole('table', { name: /Each student's progress/ });
  await expect(progress.getByRole('link', { name: `Vesela Koleva${word}` })).toBeVisible();
  await expect(progress.getByRole('link', { name: `Ana Stoyanova${word}` })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the assignment page').toEqual([]);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the learning path' });
  await edit.getByLabel('Name of the path').fill(`${categoryName} and lakes`);
  await edit.getByRole('button', { name: 'Save the changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `${categoryName} and lakes` })).toBeVisible();
  await student.reload();
  await expect(student.getByRole('heading', { level: 1, name: `${categoryName} and lakes` })).toBeVisible();
});
