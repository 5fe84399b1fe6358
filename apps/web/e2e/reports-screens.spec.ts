import { expect, type Page, test } from '@playwright/test';
import { reportScene } from './reports-support';
import { freeUser } from './seed';
import {
  createActiveUser,
  saveScreenshot,
  settled,
  storeTokens,
  type TestAccount,
  withCookieConsent,
  withLanguage,
} from './support';

/** Screenshots of the reports, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

async function signedInPage(page: Page, language: 'en' | 'bg', account: TestAccount) {
  await withCookieConsent(page);
  await withLanguage(page, language);
  await page.goto('/');
  await storeTokens(page, account);
}

const scenes = {
  en: {
    school: 'Vasil Levski Secondary School',
    principal: { first_name: 'Nadia', last_name: 'Georgieva' },
    teacher: { first_name: 'Petar', last_name: 'Dimitrov' },
    student: { first_name: 'Ana', last_name: 'Stoyanova' },
    category: 'Animals',
    cards: [
      ['cat', 'a small domestic animal'],
      ['dog', 'a loyal friend'],
      ['horse', 'a large animal you can ride'],
    ],
    pathCategory: 'Irregular verbs',
    pathCards: [
      ['go', 'went, gone'],
      ['see', 'saw, seen'],
      ['take', 'took, taken'],
      ['write', 'wrote, written'],
    ],
    path: 'Irregular verbs, week 1',
  },
  bg: {
    school: 'СУ „Васил Левски“',
    principal: { first_name: 'Надя', last_name: 'Георгиева' },
    teacher: { first_name: 'Петър', last_name: 'Димитров' },
    student: { first_name: 'Ана', last_name: 'Стоянова' },
    category: 'Животни',
    cards: [
      ['котка', 'cat'],
      ['куче', 'dog'],
      ['кон', 'horse'],
    ],
    pathCategory: 'Неправилни глаголи',
    pathCards: [
      ['go', 'went, gone'],
      ['see', 'saw, seen'],
      ['take', 'took, taken'],
      ['write', 'wrote, written'],
    ],
    path: 'Неправилни глаголи, седмица 1',
  },
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`reports screens, ${language}`, async ({ page, request }) => {
    const bg = language === 'bg';
    const texts = scenes[language];
    const scene = await reportScene(request, {
      ...texts,
      cards: texts.cards.map(([a, b]) => [a, b]),
      pathCards: texts.pathCards.map(([a, b]) => [a, b]),
    });
    await signedInPage(page, language, scene.teacher);

    // The students I reach.
    await page.goto('/reports');
    const studentLink = page.getByRole('link', {
      name: `${texts.student.first_name} ${texts.student.last_name}`,
    });
    await expect(studentLink).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `reports-students-${language}`);

    // A student's report.
    await page.getByRole('link', { name: `${texts.student.first_name} ${texts.student.last_name}` }).click();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.locator('.recharts-surface')).toBeVisible();
    // Away from the chart, whose tooltip follows the pointer.
    await page.mouse.move(0, 0);
    await settled(page, { heading: true });
    await saveScreenshot(page, `reports-student-${language}`);

    // The per-card detail of the path.
    await page
      .getByRole('button', { name: bg ? `Вижте картите на ${texts.path}` : `See the cards of ${texts.path}` })
      .click();
    await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `reports-cards-${language}`, { fullPage: false });
  });

  test(`reports for someone without a subscription, ${language}`, async ({ page, request }) => {
    await signedInPage(page, language, await freeUser(request));
    await page.goto('/reports');
    await expect(
      page.getByRole('link', { name: language === 'bg' ? 'Вижте абонаментите' : 'See the subscriptions' }),
    ).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `reports-premium-${language}`);
  });

  test(`reports with nobody to report on, ${language}`, async ({ page, request }) => {
    await signedInPage(page, language, await createActiveUser(request));
    await page.goto('/reports');
    await expect(
      page.getByText(language === 'bg' ? 'Все още няма за кого да видите отчет' : 'Nobody to report on yet'),
    ).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `reports-empty-${language}`);
  });
}
