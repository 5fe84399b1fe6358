import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { giveExam, threeQuestionTest } from './exams-support';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import {
  createActiveUser,
  pageFor,
  saveScreenshot,
  screenshotViewport,
  settled,
  type TestAccount,
} from './support';

/** Screenshots of each role's home, in both languages, on a laptop and on a phone, for people to look at. */
test.describe.configure({ timeout: 300_000 });

const names = {
  en: { teacher: ['Teodora', 'Marinova'], student: ['Ana', 'Stoyanova'], learner: ['Vera', 'Petkova'] },
  bg: { teacher: ['Теодора', 'Маринова'], student: ['Ана', 'Стоянова'], learner: ['Вера', 'Петкова'] },
} as const;

const phone = { width: 390, height: 844 };

for (const language of ['en', 'bg'] as const) {
  test(`each role's home, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 4);
    const { teacher, students, principal } = await schoolWithTeacher(request, {
      teacher: names[language].teacher,
      students: [[names[language].student[0], `${names[language].student[1]} ${tag}`]],
    });
    const ana = students[0] as (typeof students)[number];
    const category = await textCategory(request, teacher, bg ? 'Реки' : 'Rivers', [
      ['Danube', 'Дунав'],
      ['Maritsa', 'Марица'],
      ['Iskar', 'Искър'],
    ]);
    await pathsApi(request, teacher).assign([
      {
        name: bg ? 'Реките на Европа' : 'Rivers of Europe',
        assigned_user: ana.id,
        category: category.id,
        start_at: dayFromToday(-2),
        end_at: dayFromToday(12),
        daily_cards_flip_target: 15,
        daily_cards_learn_target: 3,
        learned_card_volume_verbal: 2,
      },
    ]);
    const later = await threeQuestionTest(request, teacher, bg ? 'Столици' : 'Capitals');
    await giveExam(request, teacher, later, [ana], { startIn: 26 * 60, minutes: 27 * 60 });
    const now = await threeQuestionTest(request, teacher, bg ? 'Дроби' : 'Fractions');
    await giveExam(request, teacher, now, [ana], { startIn: -5, minutes: 40 });
    const learner = await createActiveUser(request, {
      first_name: names[language].learner[0],
      last_name: names[language].learner[1],
    });

    const shots: [string, TestAccount][] = [
      ['student', ana],
      ['teacher', teacher],
      ['principal', principal],
      ['new-learner', learner],
    ];
    for (const [role, account] of shots) {
      for (const [size, viewport] of [
        ['', screenshotViewport],
        ['-phone', phone],
      ] as const) {
        const page: Page = await pageFor(browser, { language, account, viewport });
        await page.goto('/home');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
        await settled(page);
        await saveScreenshot(page, `home-${role}${size}-${language}`);
        await page.context().close();
      }
    }
  });
}
