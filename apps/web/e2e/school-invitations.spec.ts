import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { schoolApi } from './school-support';
import { staffUser } from './seed';
import { createActiveUser, linkIn, mailTo, pageFor, seriousViolations, settled } from './support';

test.describe.configure({ timeout: 300_000 });

test('a principal invites an existing learner, who is mailed in their language, accepts on the profile and becomes a student', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const schoolName = `Hristo Botev School ${word}`;
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, { first_name: 'Nadia', last_name: `Georgieva${word}` });
  const school = await schoolApi(request, staff).createSchool({ name: schoolName, available_students: 5 });
  await schoolApi(request, staff).addPrincipal(school.id, principal.email);
  // The learner has an account of their own and reads the app in Bulgarian.
  const learner = await createActiveUser(request, { first_name: 'Elena', last_name: `Dimova${word}` });
  const language = await request.patch('/api/user/users/me/', {
    data: { language: 'bg' },
    headers: { Authorization: `JWT ${learner.access}` },
  });
  expect(language.status(), await language.text()).toBe(200);

  // The principal registers the learner's e-mail: an invitation is sent, no account is made or joined.
  const page = await pageFor(browser, { account: principal });
  await page.goto('/my-school');
  await expect(page.getByRole('heading', { name: schoolName })).toBeVisible();
  await page.getByRole('button', { name: 'Add a person' }).click();
  const add = page.getByRole('dialog', { name: 'Add a person' });
  await add.getByRole('textbox', { name: 'First name' }).fill('Elena');
  await add.getByRole('textbox', { name: 'Last name' }).fill(`Dimova${word}`);
  await add.getByRole('textbox', { name: 'E-mail' }).fill(learner.email);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(
    page.getByText(`already has an account of their own: an invitation was sent to ${learner.email}`),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Initial passwords' })).toHaveCount(0);
  const members = page.getByRole('region', { name: 'Members' });
  const row = members.getByRole('listitem').filter({ hasText: learner.email });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByText('Student', { exact: true })).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/my-school with an invitation').toEqual([]);

  // The mail is in the learner's language and leads to the profile.
  const mail = await mailTo(learner.email, '/profile');
  expect(mail.subject).toBe('Покана да се присъедините към училище в Flashcards');
  expect(mail.text).toContain(`Nadia Georgieva${word}, директор на ${schoolName}`);
  expect(mail.text).toContain('Нищо не се променя, докато не приемете');

  // The learner sees the invitation on the profile and accepts it.
  const learnerPage = await pageFor(browser, { account: learner, language: 'bg' });
  await learnerPage.goto(linkIn(mail, '/profile').pathname);
  const notice = learnerPage.getByRole('region', { name: `Покана от ${schoolName}` });
  await expect(notice).toContainText(`Nadia Georgieva${word}, директор на ${schoolName}`);
  await expect(notice.getByRole('button', { name: 'Откажи' })).toBeVisible();
  await settled(learnerPage);
  expect(await seriousViolations(learnerPage), '/profile with an invitation').toEqual([]);
  await notice.getByRole('button', { name: 'Приеми' }).click();
  await expect(learnerPage.getByText(`Присъединихте се към ${schoolName}.`)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(learnerPage.getByRole('button', { name: 'Напусни училището' })).toBeVisible();

  // The principal sees a student of the school now.
  await page.reload();
  await expect(row.getByText('Student', { exact: true })).toBeVisible();
  await expect(row.getByText('Invited', { exact: true })).toHaveCount(0);
});
