import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { examsApi, threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
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

/** A `datetime-local` value moved by some minutes, in the same local time as the browser's. */
function laterBy(value: string, minutes: number) {
  const moment = new Date(new Date(value).getTime() + minutes * 60_000);
  const pad = (number: number) => String(number).padStart(2, '0');
  return (
    `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}` +
    `T${pad(moment.getHours())}:${pad(moment.getMinutes())}`
  );
}

test('the teacher gives an exam to 7А; a student who joins 7А later gets it, and the gradebook has one column for it', async ({
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
  const sample = await threeQuestionTest(request, teacher, `Fractions ${word}`);

  // The teacher gives the test to the class 7А from the exams page; the window is the form's own (the next
  // whole hour).
  const page = await pageFor(browser, { account: teacher });
  await page.goto('/school-exams');
  await page.getByRole('button', { name: 'Give as an exam' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Give a test as an exam' });
  await dialog.getByRole('combobox', { name: 'Test' }).click();
  await page.getByRole('option', { name: new RegExp(`^${sample.name} `) }).click();
  await dialog.getByRole('radio', { name: 'A class' }).check();
  await dialog.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: /^7А / }).click();
  await settled(page);
  expect(await seriousViolations(page), 'the exam form for a class').toEqual([]);
  await dialog.getByRole('button', { name: 'Give to the class' }).click();
  await expect(
    dialog.getByText('Given to 7А: 1 student now, and to whoever joins while it runs.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // It is listed once among the exams given to classes and groups, its student counted.
  const given = page.getByRole('table', { name: /exams you gave to classes and groups/ });
  const row = given.getByRole('row', { name: new RegExp(sample.name) });
  await expect(row).toContainText('7А');
  await expect(row).toContainText('1 student');

  // Vesela is in the school without a class; the principal moves her into 7А. The exam is on her list of
  // exams and among the exams ahead on her home.
  await classes.move(vesela.id, classA);
  const student = await pageFor(browser, { account: vesela });
  await student.goto('/students-school-exams');
  // The student's first page loads its code: a busy machine takes its time.
  await expect(student.getByRole('heading', { level: 1, name: 'Exams assigned to me' })).toBeVisible({
    timeout: 30_000,
  });
  const hers = student.getByRole('row', { name: new RegExp(sample.name) });
  await expect(hers).toContainText(`Teodora Marinova${word}`);
  await expect(hers).toContainText('Not started');
  await student.goto('/');
  const ahead = student.getByRole('region', { name: 'Exams ahead' });
  await expect(ahead.getByText(sample.name)).toBeVisible();

  // The teacher opens the assignment's page: both students, each with an exam not started yet.
  await page.reload();
  await given.getByRole('link', { name: sample.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  const exams = page.getByRole('table', { name: /Each student's exam/ });
  await expect(exams.getByRole('link', { name: `Ana Stoyanova${word}` })).toBeVisible();
  await expect(exams.getByRole('link', { name: `Vesela Koleva${word}` })).toBeVisible();
  await expect(exams.getByRole('row', { name: new RegExp(`Koleva${word}`) })).toContainText('Not started');
  await settled(page);
  expect(await seriousViolations(page), 'the exam assignment page').toEqual([]);

  // The end moves by an hour for both; nobody has started, so the start could move too.
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the exam' });
  await expect(edit.getByLabel(/^Start/)).toBeEnabled();
  const end = edit.getByLabel(/^End/);
  const newEnd = laterBy(await end.inputValue(), 60);
  await end.fill(newEnd);
  await settled(page);
  expect(await seriousViolations(page), 'the edit dialog of an exam assignment').toEqual([]);
  await edit.getByRole('button', { name: 'Save the changes' }).click();
  await expect(edit).toBeHidden();
  const [veselaExam] = (await examsApi(request, vesela).studentExams()).results;
  expect(Date.parse(String(veselaExam?.end_exam_at))).toBe(new Date(newEnd).getTime());

  // The class's gradebook has one column for the exam, whoever joined when.
  await page.goto(`/school-classes/${classA}`);
  await page.getByRole('tab', { name: 'Gradebook' }).click();
  const table = page
    .getByRole('article', { name: 'Gradebook' })
    .getByRole('table', { name: /Grades of class 7А/ });
  await expect(table.getByRole('row', { name: new RegExp(`Koleva${word}`) })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: new RegExp(sample.name) })).toHaveCount(1);
});
