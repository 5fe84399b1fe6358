import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { acceptInvitations, schoolApi } from './school-support';
import { staffUser } from './seed';
import { createActiveUser, pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('the principal imports a CSV with classes and names a teacher of 7А, who sees its members only', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, { first_name: 'Nadia', last_name: `Class${word}` });
  const teacher = await createActiveUser(request, { first_name: 'Vera', last_name: `Teacher${word}` });
  const school = await schoolApi(request, staff).createSchool({
    name: `Classes School ${word}`,
    available_students: 30,
  });
  await schoolApi(request, staff).addPrincipal(school.id, principal.email);
  const invited = await request.post('/api/school/register-student/', {
    data: { first_name: 'Vera', last_name: `Teacher${word}`, email: teacher.email, is_teacher: true },
    headers: { Authorization: `JWT ${principal.access}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await acceptInvitations(request, teacher);

  // The principal imports students with a fourth column, Class.
  const students = [
    { email: `ana-${word}@example.com`, first: 'Ana', last: 'Stoyanova', class: '7А' },
    { email: `boris-${word}@example.com`, first: 'Борис', last: 'Иванов', class: '7А' },
    { email: `dimo-${word}@example.com`, first: 'Dimo', last: 'Kolev', class: '7Б' },
  ];
  const csv = [
    'Email,First Name,Last Name,Class',
    ...students.map((s) => `${s.email},${s.first},${s.last},${s.class}`),
  ].join('\n');
  const page = await pageFor(browser, { account: principal });
  await page.goto('/my-school');
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students from a CSV file' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = dialog.getByRole('table');
  await expect(preview.getByRole('columnheader', { name: 'Class' })).toBeVisible();
  await expect(preview.getByRole('cell', { name: '7А' })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Import 3 students' }).click();
  const sheet = page.getByRole('dialog', { name: 'Initial passwords' });
  await sheet.getByRole('button', { name: 'Close' }).last().click();
  await sheet.getByRole('button', { name: 'Close anyway' }).click();
  await expect(sheet).toBeHidden();

  // The classes were created and counted; the student list shows each student's class.
  const classes = page.getByRole('region', { name: 'Classes' });
  const classA = classes.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^7А · / }) });
  await expect(classA.getByText('2 students, 0 teachers')).toBeVisible();
  await expect(classes.getByRole('link', { name: /^7Б · / })).toBeVisible();
  await expect(page.getByText('Class 7Б')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/my-school').toEqual([]);

  // On the class's page the principal sees its students; its class teacher shows once named.
  await classA.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^7А · / })).toBeVisible();
  await expect(page.getByText(students[0].email, { exact: true })).toBeVisible();
  // She names the class teacher from the school's teachers, found by a part of the name.
  const addTeacher = page.getByRole('combobox', { name: 'Add a teacher of the school' });
  await addTeacher.fill(`Teacher${word}`);
  await page.getByRole('option', { name: new RegExp(teacher.email) }).click();
  await expect(addTeacher).toHaveValue(new RegExp(teacher.email));
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Class teacher' }).click();
  await page
    .getByRole('region', { name: 'Teachers' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();
  await expect(page.getByText('The teacher teaches the class now.')).toBeVisible();
  const teachers = page.getByRole('region', { name: 'Teachers' });
  await expect(teachers.getByText(teacher.email)).toBeVisible();
  await expect(teachers.getByText('Class teacher')).toBeVisible();
  const classBHref = await page.evaluate(async (access) => {
    const response = await fetch('/api/school/classes/', { headers: { Authorization: `JWT ${access}` } });
    const list = (await response.json()) as { id: number; name: string }[];
    return `/school-classes/${list.find((item) => item.name === '7Б')?.id}`;
  }, principal.access);

  // The teacher finds the class in the menu and sees its members, and nothing of 7Б.
  const teacherPage = await pageFor(browser, { account: teacher });
  await teacherPage.goto('/my-categories');
  await teacherPage.getByRole('link', { name: 'My classes' }).click();
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'My classes' })).toBeVisible();
  await expect(teacherPage.getByRole('link', { name: /^7Б · / })).toHaveCount(0);
  await teacherPage.getByRole('link', { name: /^7А · / }).click();
  await expect(teacherPage.getByText(students[0].email, { exact: true })).toBeVisible();
  await expect(teacherPage.getByText(students[1].email, { exact: true })).toBeVisible();
  await expect(teacherPage.getByText(students[2].email)).toHaveCount(0);
  // A teacher only sees: nothing to add or remove.
  await expect(teacherPage.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await settled(teacherPage);
  expect(await seriousViolations(teacherPage), '/school-classes').toEqual([]);
  const answer = teacherPage.waitForResponse((response) => response.url().includes('/api/school/classes/'));
  await teacherPage.goto(classBHref);
  expect((await answer).status()).toBe(404);
  await expect(teacherPage.getByText(students[2].email)).toHaveCount(0);
});
