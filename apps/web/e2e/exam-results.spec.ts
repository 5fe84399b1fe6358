import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { sitExam, sittingOfTwo } from './exams-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

/** The page printed to PDF by Chromium (print media), and the text of each of its pages. */
async function printedPages(page: Page) {
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

test('the teacher exports the results as CSV, prints the results sheet and the test paper with its key on a page of its own', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const formula = '=HYPERLINK("http://evil.example","x")';
  const {
    teacher,
    sample,
    students: [ana, evil],
    exams: [anaExam, evilExam],
    questions: [first, second, third],
  } = await sittingOfTwo(
    request,
    {
      teacher: ['Teodora', `Marinova${word}`],
      students: [
        ['Ana', `Stoyanova${word}`],
        [formula, `Petrov${word}`],
      ],
    },
    `Fractions ${word}`,
  );
  // Ana gets the first two right (5 of 10: "Very good (5)"); the other student gets everything wrong.
  await sitExam(request, ana, anaExam, [
    [first.id, 'a'],
    [second.id, 'b'],
  ]);
  await sitExam(request, evil, evilExam, [
    [first.id, 'b'],
    [second.id, 'a'],
    [third.id, 'a'],
  ]);

  const page = await pageFor(browser, {
    account: teacher,
    // Printing opens the browser's dialog: counted instead.
    init: () => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    },
  });
  await page.goto(`/school-exams?test_id=${sample.id}`);

  // The item analysis beside the grade chart: the third question, which nobody got right, comes first.
  const analysis = page.getByRole('table', { name: /share of right answers/ });
  await expect(analysis).toBeVisible();
  const rows = analysis.getByRole('row');
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Question 3');
  await expect(rows.nth(1)).toContainText('0% (0 of 2)');
  await expect(rows.nth(1)).toContainText('C (right): 0');
  await expect(rows.nth(1)).toContainText('A: 1');
  await settled(page);
  expect(await seriousViolations(page), '/school-exams with the item analysis').toEqual([]);

  // The export: a CSV file named after the test, a header row, the formula written as text.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Fractions ${word} results.csv`);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'first_name,last_name,test,status,score,total_score,grade,start_exam_at,end_exam_at,started_at,completed_at',
  );
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('Ana,'))).toContain(
    `Ana,Stoyanova${word},Fractions ${word},completed,5,10,5,`,
  );
  expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(
    `"'=HYPERLINK(""http://evil.example"",""x"")",Petrov${word},Fractions ${word},completed,0,10,2,`,
  );

  // The results sheet: on screen, then printed to PDF without the app around it.
  await page.getByRole('link', { name: 'Results sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/school-exams/print\\?test_id=${sample.id}$`));
  const sheet = page.getByRole('article', { name: 'Results sheet' });
  await expect(sheet.getByRole('row', { name: new RegExp(`Stoyanova${word}`) })).toContainText(
    'Very good (5)',
  );
  await settled(page);
  expect(await seriousViolations(page), '/school-exams/print').toEqual([]);
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const sheetPages = await printedPages(page);
  // Words as read, whatever the lines of the paper broke them into.
  const printed = sheetPages.join(' ').replace(/\s+/g, ' ');
  expect(printed).toContain('Results sheet');
  expect(printed).toContain(`Fractions ${word}`);
  expect(printed).toContain(`Ana Stoyanova${word}`);
  expect(printed).toContain(`Ana Stoyanova${word} 5 / 10 Very good (5) Completed`);
  expect(printed).toContain(`Petrov${word}`);
  expect(printed).toContain(`Petrov${word} 0 / 10 Fail (2) Completed`);
  expect(printed).toContain('Grade distribution');
  expect(printed).toContain('Average: 2.5 points, grade 3.5');
  // Only the sheet: no menu, no buttons.
  expect(printed).not.toContain('My learning paths');
  expect(printed).not.toContain('Print');

  // The test paper from the test's page: the questions first, the answer key on a page of its own.
  await page.goto(`/school-test/create/${sample.id}`);
  await page.getByRole('link', { name: 'Print the test' }).click();
  const paper = page.getByRole('article', { name: 'Test paper' });
  await expect(paper.getByRole('heading', { level: 1, name: `Fractions ${word}` })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/school-test/print').toEqual([]);
  const paperPages = await printedPages(page);
  expect(paperPages.length).toBeGreaterThanOrEqual(2);
  expect(paperPages[0]).toContain(first.question_text);
  expect(paperPages[0]).toContain(`B. ${second.answer_b}`);
  expect(paperPages[0]).not.toContain('Answer key');
  const key = paperPages.slice(1).join(' ').replace(/\s+/g, ' ');
  expect(key).toContain(`Answer key: Fractions ${word}`);
  expect(key).not.toContain(first.question_text);
});
