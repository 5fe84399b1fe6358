import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { motionEnded, pageFor, saveScreenshot, screenshotViewport, settled } from './support';

/** Screenshots of learning paths, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const names = {
  en: {
    teacher: ['Teodora', 'Marinova'],
    students: [
      ['Ana', 'Stoyanova'],
      ['Boris', 'Ivanov'],
      ['Vera', 'Petkova'],
    ],
  },
  bg: {
    teacher: ['Теодора', 'Маринова'],
    students: [
      ['Ана', 'Стоянова'],
      ['Борис', 'Иванов'],
      ['Вера', 'Петкова'],
    ],
  },
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`learning path screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 4);
    const { teacher, students } = await schoolWithTeacher(request, {
      teacher: names[language].teacher,
      students: names[language].students.map(([first, last]) => [first, `${last} ${tag}`] as const),
    });
    const category = await textCategory(request, teacher, bg ? 'Животни' : 'Animals', [
      ['cat', 'котка'],
      ['dog', 'куче'],
      ['owl', 'сова'],
      ['fox', 'лисица'],
    ]);
    const created = await pathsApi(request, teacher).assign(
      students.map((student, index) => ({
        name: bg ? `Животни — седмица ${index + 1}` : `Animals — week ${index + 1}`,
        assigned_user: student.id,
        category: category.id,
        start_at: dayFromToday(-3),
        end_at: dayFromToday(25),
        daily_cards_flip_target: 10,
        daily_cards_learn_target: 2,
        learned_card_volume_verbal: 2,
        learning_type_typing: index === 0,
      })),
    );
    expect(created.created).toHaveLength(3);

    // The first student answers a few cards today.
    const student = students[0] as (typeof students)[number];
    const studentPage = await pageFor(browser, { language, account: student, viewport: screenshotViewport });
    const pathId = created.created[0] as number;
    const deck = await pathsApi(request, student).deck(pathId);
    for (const card of deck) await pathsApi(request, student).answer(card.id, 'guesses_score');
    for (const card of deck.slice(0, 2)) await pathsApi(request, student).answer(card.id, 'guesses_score');
    await pathsApi(request, student).answer((deck[3] ?? deck[0])?.id ?? 0, 'incorrect_guesses_score');

    // The teacher's list, the create modal with a draft, and a path's progress.
    const page = await pageFor(browser, { language, account: teacher, viewport: screenshotViewport });
    await page.goto('/learning-paths');
    await settled(page, { heading: true });
    await saveScreenshot(page, `paths-teacher-list-${language}`);
    await page
      .getByRole('button', { name: bg ? 'Възложи учебна пътека' : 'Assign a learning path' })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(bg ? 'Намерете ученици' : 'Find students').fill(tag);
    for (const other of students.slice(1))
      await dialog
        .getByRole('button', { name: `${bg ? 'Добави' : 'Add'} ${other.first_name} ${other.last_name}` })
        .click();
    await dialog.getByRole('combobox', { name: bg ? 'Категория' : 'Category' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await dialog.getByRole('button', { name: bg ? 'Добави 2 в чернова' : 'Add 2 to the draft' }).click();
    await motionEnded(page);
    await saveScreenshot(page, `paths-create-${language}`, { fullPage: false });
    await dialog
      .getByRole('button', { name: bg ? 'Отказ' : 'Cancel' })
      .last()
      .click();
    await expect(dialog).toBeHidden();
    await page.goto(`/learning-path-progress/${pathId}`);
    await settled(page, { heading: true });
    await expect(page.locator('.recharts-surface')).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `paths-teacher-progress-${language}`);

    // The student's list, progress and study screen.
    await studentPage.goto('/my-learning-paths');
    await settled(studentPage, { heading: true });
    await saveScreenshot(studentPage, `paths-student-list-${language}`);
    await studentPage.goto(`/learning-path-progress/${pathId}`);
    await settled(studentPage, { heading: true });
    await expect(studentPage.locator('.recharts-surface')).toBeVisible();
    await motionEnded(studentPage);
    await saveScreenshot(studentPage, `paths-student-progress-${language}`);
    await studentPage.getByRole('link', { name: bg ? 'Учи устно' : 'Study verbally' }).click();
    await expect(studentPage.getByRole('main').locator('button[aria-pressed]')).toBeVisible();
    await settled(studentPage, { heading: true });
    await saveScreenshot(studentPage, `paths-study-${language}`);
  });
}
