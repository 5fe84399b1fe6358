import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { giveExam, sitExam, threeQuestionTest } from './exams-support';
import { schoolWithTeacher } from './learning-paths-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test("the class teacher opens the class's gradebook, downloads it as CSV and prints it", async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { principal, teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [
      ['Ana', `Stoyanova${word}`],
      ['Boris', `Ivanov${word}`],
    ],
  });
  const [ana, boris] = students as [(typeof students)[0], (typeof students)[0]];
  // The principal makes 7А with both students and Teodora as its class teacher.
  const headers = { Authorization: `JWT ${principal.access}` };
  const created = await request.post('/api/school/classes/', { data: { name: '7А' }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const schoolClass = (await created.json()) as { id: number; school_year: string };
  for (const student of [ana, boris]) {
    const moved = await request.put(`/api/school/school-students/${student.id}/class/`, {
      data: { class_id: schoolClass.id },
      headers,
    });
    expect(moved.status(), await moved.text()).toBe(204);
  }
  const named = await request.put(`/api/school/classes/${schoolClass.id}/teachers/${teacher.id}/`, {
    data: { role: 'class_teacher' },
    headers,
  });
  expect(named.status(), await named.text()).toBe(200);

  // One exam: Ana gets the first two questions right ("Very good (5)"); Boris has not sat it yet.
  const sample = await threeQuestionTest(request, teacher, `Fractions ${word}`);
  const [anaExam] = await giveExam(request, teacher, sample, [ana, boris]);
  await sitExam(request, ana, anaExam!, [
    [sample.questions[0]!.id, 'a'],
    [sample.questions[1]!.id, 'b'],
  ]);

  const page = await pageFor(browser, {
    account: teacher,
    init: () => {
      window.print = () => undefined;
    },
  });
  await page.goto(`/school-classes/${schoolClass.id}`);
  await page.getByRole('tab', { name: 'Gradebook' }).click();
  const sheet = page.getByRole('article', { name: 'Gradebook' });
  const table = sheet.getByRole('table', { name: /Grades of class 7А/ });
  await expect(table.getByRole('columnheader', { name: new RegExp(`Fractions ${word}`) })).toBeVisible();
  const anaRow = table.getByRole('row', { name: new RegExp(`Stoyanova${word}`) });
  await expect(anaRow.getByRole('cell').nth(1)).toHaveText('5');
  await expect(anaRow.getByRole('cell').last()).toHaveText('5.00');
  await expect(table.getByRole('row', { name: new RegExp(`Ivanov${word}`) })).toContainText('—');
  await settled(page);
  expect(await seriousViolations(page), '/school-classes gradebook').toEqual([]);

  // The CSV: a BOM, the header the e-diaries take in, one line per student by name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`7А ${schoolClass.school_year.replace('/', ' ')}.csv`);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(new RegExp(`^№,Name,Fractions ${word} \\(\\d{4}-\\d{2}-\\d{2}\\),Average$`));
  expect(lines[1]).toBe(`1,Ana Stoyanova${word},5,5.00`);
  expect(lines[2]).toBe(`2,Boris Ivanov${word},,`);

  // Printed: only the gradebook, with its school, class and year, on a landscape page.
  await page.getByRole('button', { name: 'Print' }).click();
  await page.emulateMedia({ media: 'print' });
  // The printed copy is hidden from assistive technology (the sheet on screen is the one read out).
  const printed = page.locator('.exam-print');
  await expect(printed.locator('table')).toBeVisible();
  await expect(printed.locator('tr', { hasText: `Stoyanova${word}` })).toContainText('5.00');
  await expect(page.getByRole('tab', { name: 'Gradebook' })).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const [width, height] = (await document.getPage(1)).view.slice(2) as [number, number];
  expect(width).toBeGreaterThan(height);
  const { text } = await extractText(document, { mergePages: true });
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain('Gradebook');
  expect(words).toContain(schoolClass.school_year);
  expect(words).toContain(`Ana Stoyanova${word} 5 5.00`);
  expect(words).not.toContain('Download CSV');
});
