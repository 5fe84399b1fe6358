import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { studyCard } from './practice-support';
import { pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('a teacher assigns a path to two students; one studies until a card is learned; the teacher sees it', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [
      ['Ana', `Stoyanova${word}`],
      ['Boris', `Ivanov${word}`],
    ],
  });
  const [ana, boris] = students as [(typeof students)[0], (typeof students)[0]];
  const categoryName = `Animals ${word}`;
  await textCategory(request, teacher, categoryName, [
    ['cat', 'котка'],
    ['dog', 'куче'],
    ['owl', 'сова'],
  ]);

  // The teacher finds both students, chooses the category and a learned volume of 2, and drafts the paths.
  const page = await pageFor(browser, { account: teacher });
  await page.goto('/my-categories');
  await page.getByRole('link', { name: 'Learning paths', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Learning paths' })).toBeVisible();
  await expect(page.getByText('coming soon')).toHaveCount(0);
  await expect(page.getByText('You have not assigned any learning paths yet')).toBeVisible();
  await page.getByRole('button', { name: 'Assign a learning path' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Assign learning paths' });
  for (const student of [ana, boris]) {
    await dialog.getByLabel('Find students').fill(student.last_name);
    await dialog.getByRole('button', { name: `Add ${student.first_name} ${student.last_name}` }).click();
  }
  await expect(dialog.getByText('2 students chosen')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: `${categoryName} (text)` }).click();
  await expect(dialog.getByLabel('Name of the path')).toHaveValue(categoryName);
  await dialog.getByLabel('Right answers to learn a card (verbal)').fill('2');
  await dialog.getByRole('button', { name: 'Add 2 to the draft' }).click();
  await expect(dialog.getByRole('heading', { name: 'Draft: 2 paths' })).toBeVisible();

  // Boris's path alone gets a smaller daily target.
  await dialog.getByRole('button', { name: `Edit the path of Boris Ivanov${word}` }).click();
  await expect(dialog.getByText(`Editing the path of Boris Ivanov${word}`)).toBeVisible();
  await dialog.getByLabel('Answers a day').fill('10');
  await dialog.getByRole('button', { name: `Save the path of Boris Ivanov${word}` }).click();
  const rows = dialog.getByRole('row');
  await expect(rows.filter({ hasText: `Boris Ivanov${word}` })).toContainText('10 answers, 5 learned a day');
  await expect(rows.filter({ hasText: `Ana Stoyanova${word}` })).toContainText('20 answers, 5 learned a day');
  await settled(page);
  expect(await seriousViolations(page), 'the create modal with a draft').toEqual([]);
  await dialog.getByRole('button', { name: 'Assign 2 paths' }).click();
  await expect(dialog.getByText('2 paths were assigned.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('table');
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByRole('row', { name: new RegExp(`Ana Stoyanova${word}`) })).toContainText(
    '0 of 20 answers, 0 of 5 learned',
  );
  await settled(page);
  expect(await seriousViolations(page), '/learning-paths').toEqual([]);

  // Ana opens her path and studies verbally: each card right twice, and the first one is learned.
  const student = await pageFor(browser, { account: ana });
  await student.goto('/my-categories');
  await student.getByRole('link', { name: 'My learning paths' }).click();
  await expect(student.getByRole('heading', { level: 1, name: 'My learning paths' })).toBeVisible();
  await student.getByRole('link', { name: categoryName }).click();
  await expect(student.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(student.getByText('Answers today')).toBeVisible();
  await settled(student);
  expect(await seriousViolations(student), '/learning-path-progress').toEqual([]);
  await student.getByRole('link', { name: 'Study verbally' }).click();
  await expect(student).toHaveURL(/\/learning-path-cards-text\/\d+\?type=verbal$/);
  const main = student.getByRole('main');
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  for (let answers = 0; answers < 4; answers++) {
    // A session is one round of the deck: after its summary, another round.
    if (answers === 3) {
      await expect(main.getByText('3Right answers')).toBeVisible();
      await main.getByRole('button', { name: 'Another round' }).click();
    }
    const card = studyCard(student);
    await expect(card).toBeFocused();
    await expect(card).toHaveAttribute('aria-pressed', 'false');
    await student.keyboard.press('Space');
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await student.keyboard.press('1');
  }
  await expect(main.getByText('1 learned')).toBeVisible();
  await settled(student);
  expect(await seriousViolations(student), '/learning-path-cards-text').toEqual([]);

  // The teacher sees the learned card and today's answers in the path's progress.
  const pathId = (await pathsApi(request, teacher).teacherPaths()).results.find(
    (path) => path.assigned_user.id === ana.id,
  )?.id;
  await expect
    .poll(async () => (await pathsApi(request, teacher).progress(pathId ?? 0)).learned_cards_verbal_len)
    .toBe(1);
  await page.reload();
  await expect(list.getByRole('row', { name: new RegExp(`Ana Stoyanova${word}`) })).toContainText(
    'Verbal: 1 of 3 cards',
  );
  await list
    .getByRole('row', { name: new RegExp(`Ana Stoyanova${word}`) })
    .getByRole('link')
    .click();
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(page.getByText('1 of 3 cards (after 2 right answers)')).toBeVisible();
  await expect(page.getByText('4 of 20')).toBeVisible();
  const history = page.getByRole('table', { name: /Progress by day/ });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').last()).toContainText('4010No');
  await expect(page.getByRole('link', { name: 'Study verbally' })).toHaveCount(0);
  await settled(page);
  expect(await seriousViolations(page), "a path's progress, as its teacher").toEqual([]);
});
