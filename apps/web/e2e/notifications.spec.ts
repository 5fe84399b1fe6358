import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { dayFromToday, pathsApi, schoolWithTeacher, textCategory } from './learning-paths-support';
import { sweepNotifications } from './seed';
import { linkIn, mailTo, pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 180_000 });

test('a student assigned a path sees it on the bell, opens it from the list, and unsubscribes from the digest in one click', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 6);
  const { teacher, students } = await schoolWithTeacher(request, {
    teacher: ['Teodora', `Marinova${word}`],
    students: [['Ana', `Stoyanova${word}`]],
  });
  const ana = students[0]!;
  const category = await textCategory(request, teacher, `Animals ${word}`, [['cat', 'котка']]);

  const page = await pageFor(browser, { account: ana });
  await page.goto('/my-categories');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // The teacher assigns the path; the student's bell shows it without a reload (the count is polled, and
  // asked again when the window is shown or gets the focus).
  const [pathId] = (
    await pathsApi(request, teacher).assign([
      {
        name: `Animals ${word}`,
        assigned_user: ana.id,
        category: category.id,
        start_at: dayFromToday(),
        end_at: dayFromToday(7),
      },
    ])
  ).created;
  // The digest goes at the server's sweep (this test server mails at once what is unread), in the
  // student's language, with its unsubscribe link; the notification stays unread on the bell.
  await sweepNotifications(request);
  const digest = await mailTo(ana.email, '/unsubscribe/');
  expect(digest.subject).toBe('What is new for you on Flashcards');
  expect(digest.text).toContain(`Teodora Marinova${word} assigned you the learning path “Animals ${word}”.`);

  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 40_000 });
  await expect(page.getByRole('link', { name: /My learning paths \(1 new\)/ })).toBeVisible();

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const notice = page.getByRole('link', {
    name: `Teodora Marinova${word} assigned you the learning path “Animals ${word}”.`,
  });
  await expect(notice).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the notifications page').toEqual([]);
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/learning-path-progress/${pathId}$`));
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  const unsubscribe = linkIn(digest, '/unsubscribe/');
  const signedOut = await pageFor(browser);
  await signedOut.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(signedOut.getByText('You are unsubscribed')).toBeVisible();
  await expect(
    signedOut.getByText('You will no longer get e-mails about exams, contests and work assigned to you.', {
      exact: false,
    }),
  ).toBeVisible();
  await signedOut.close();
  const me = await request.get('/api/user/users/me/', { headers: { Authorization: `JWT ${ana.access}` } });
  expect((await me.json()).receive_invitations_for_contest).toBe(false);
  await page.close();
});
