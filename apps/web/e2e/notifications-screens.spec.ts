import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { sweepNotifications } from './seed';
import { linkIn, mailTo, pageFor, saveScreenshot, settled } from './support';

/** Screenshots of the bell, the notifications' list and the unsubscribe page, in both languages. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

for (const language of ['en', 'bg'] as const) {
  test(`notifications screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const word = randomUUID().slice(0, 6);
    const { teacher, students } = await schoolWithTeacher(request, {
      teacher: bg ? ['Теодора', `Маринова${word}`] : ['Teodora', `Marinova${word}`],
      students: [bg ? ['Ана', `Стоянова${word}`] : ['Ana', `Stoyanova${word}`]],
    });
    const ana = students[0]!;
    for (const name of bg ? ['Животни', 'Растения'] : ['Animals', 'Plants']) {
      const category = await textCategory(request, teacher, `${name} ${word}`, [['cat', 'котка']]);
      await pathsApi(request, teacher).assign([
        {
          name: `${name} ${word}`,
          assigned_user: ana.id,
          category: category.id,
          start_at: dayFromToday(),
          end_at: dayFromToday(7),
        },
      ]);
    }
    await sweepNotifications(request);
    const unsubscribe = linkIn(await mailTo(ana.email, '/unsubscribe/'), '/unsubscribe/');

    const page = await pageFor(browser, { account: ana, language });
    await page.goto('/notifications');
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: bg ? 'Известия, 2 непрочетени' : 'Notifications, 2 unread' }),
    ).toBeVisible();
    const first = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    await first.click();
    await page.goto('/notifications');
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: bg ? 'Известия, 1 непрочетено' : 'Notifications, 1 unread' }),
    ).toBeVisible();
    // The bell's count comes with the shell; the list with the page, which the picture is of.
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
    await settled(page);
    await saveScreenshot(page, `notifications-${language}`);

    // The mail's language, whatever the browser's.
    const signedOut = await pageFor(browser);
    await signedOut.goto(`${unsubscribe.pathname}?lang=${language}`);
    await expect(signedOut.getByText(bg ? 'Отписахте се' : 'You are unsubscribed')).toBeVisible();
    await settled(signedOut);
    await saveScreenshot(signedOut, `unsubscribe-${language}`);
    await signedOut.close();
    await page.close();
  });
}
