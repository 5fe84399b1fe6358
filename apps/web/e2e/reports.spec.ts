import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { reportScene } from './reports-support';
import { freeUser } from './seed';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('a teacher finds a student, sees their category and learning path down to each card, and downloads them as CSV', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const student = { first_name: 'Ana', last_name: `Stoyanova${word}` };
  const scene = await reportScene(request, {
    school: 'Vasil Levski School',
    principal: { first_name: 'Nadia', last_name: 'Georgieva' },
    teacher: { first_name: 'Petar', last_name: 'Dimitrov' },
    student,
    category: 'Animals',
    cards: [
      ['cat', 'котка'],
      ['dog', 'куче'],
    ],
    pathCategory: 'Irregular verbs',
    pathCards: [
      ['go', 'went'],
      ['see', 'saw'],
      ['take', 'took'],
    ],
    path: 'Verbs, week 1',
  });
  const name = `Ana Stoyanova${word}`;

  const page = await pageFor(browser, { account: scene.teacher });
  await page.goto('/my-categories');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const list = page.getByRole('region', { name: 'My students' });
  await list.getByLabel('Search by name or e-mail').fill(`stoyanova${word}`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const item = list.getByRole('listitem').first();
  await expect(item.getByText('School', { exact: true })).toBeVisible();
  await expect(item).toContainText('1 category · 1 learning path');
  await expect(item).toContainText('Last active on');
  await settled(page);
  expect(await seriousViolations(page), '/reports').toEqual([]);

  // The student's report: their own category and the path, each with its totals.
  await item.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/reports\?student=/);
  await expect(page.getByRole('heading', { name: `Report of ${name}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Categories and learning paths' });
  const categoryRow = table.getByRole('row').filter({ hasText: 'Animals' });
  const pathRow = table.getByRole('row').filter({ hasText: 'Verbs, week 1' });
  await expect(pathRow).toContainText('Learning path');
  await expect(pathRow).toContainText('Path of Irregular verbs');
  await expect(categoryRow).not.toContainText('Learning path');
  // Cards, learned verbally, learned by typing, right and wrong verbally, right and wrong by typing.
  await expect(categoryRow.getByRole('cell')).toHaveText([
    '2',
    '1',
    '0',
    '10',
    '1',
    '0',
    '0',
    'See the cards',
  ]);
  await expect(pathRow.getByRole('cell')).toHaveText(['3', '1', '0', '2', '1', '0', '0', 'See the cards']);
  await expect(page.getByRole('region', { name: 'Learned cards' })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/reports?student=').toEqual([]);

  // The path's cards: the one the student learned is marked.
  await pathRow.getByRole('button', { name: 'See the cards of Verbs, week 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cards of Verbs, week 1' });
  const cards = dialog.getByRole('table');
  await expect(cards.getByRole('row')).toHaveCount(4);
  const learned = cards.getByRole('row').filter({ has: page.getByText('Verbal', { exact: true }) });
  await expect(learned).toHaveCount(1);
  await expect(learned.getByRole('rowheader')).toHaveText(scene.learnedPathCard);
  await expect(learned).toContainText('week 1');
  await settled(page);
  expect(await seriousViolations(page), 'per-card report').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The CSV: a BOM, the header in English, one line per category or path.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-ana-stoyanova${word}.csv`);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe(
    'Kind,Category,Learning path,Cards,Created,Cards,Learned verbally,Learned by typing,' +
      '"Right, verbal","Wrong, verbal","Right, typing","Wrong, typing"',
  );
  expect(lines).toContainEqual(
    expect.stringMatching(/^Category,Animals,,Text,\d{4}-\d{2}-\d{2},2,1,0,10,1,0,0$/),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^Learning path,Irregular verbs,"Verbs, week 1",Text,\d{4}-\d{2}-\d{2},3,1,0,2,1,0,0$/,
    ),
  );

  // Back to the list, as it was.
  await page.getByRole('link', { name: 'All students' }).click();
  await expect(list.getByLabel('Search by name or e-mail')).toHaveValue(`stoyanova${word}`);
});

test('without a subscription the page says reports are for subscribers and links to the subscriptions', async ({
  browser,
  request,
}) => {
  const page = await pageFor(browser, { account: await freeUser(request) });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(
    page.getByText("Reports are for subscribers. Subscribe to see your students' progress."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'See the subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
});
