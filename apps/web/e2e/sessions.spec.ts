import { expect, test } from '@playwright/test';
import {
  createActiveUser,
  linkIn,
  mailTo,
  PASSWORD,
  pageFor,
  readTokens,
  settled,
  signIn,
  uniqueEmail,
} from './support';

test('changing the password on one device signs the other out; the changing one goes on', async ({
  browser,
  request,
}) => {
  test.slow();
  const account = await createActiveUser(request);
  const laptop = await pageFor(browser, { account });
  const phone = await pageFor(browser, { account: await signIn(request, account.email, PASSWORD) });
  await phone.goto('/profile');
  await expect(phone.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  await laptop.goto('/profile');
  await settled(laptop, { heading: true });
  await laptop.getByRole('button', { name: 'Change password' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Change password' });
  await expect(
    dialog.getByRole('checkbox', { name: 'Keep me signed in on my other devices' }),
  ).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('Green-Teapot-42');
  await dialog.getByRole('textbox', { name: 'Retype the new password' }).fill('Green-Teapot-42');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(laptop.getByText(/On your other devices you will need to sign in again/)).toBeVisible();

  // The laptop goes on with the tokens the change gave it.
  await laptop.reload();
  await expect(laptop.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();

  // The phone's next call is refused, its refresh too: it is signed out cleanly.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  expect(await readTokens(phone)).toEqual({ access: null, refresh: null });
});

test('a learner changes the e-mail from the profile; the link sent to the new address makes it theirs', async ({
  browser,
  request,
}) => {
  // Two mails and five pages: on two shared cores the whole journey can take longer than a test's usual 30 s.
  test.slow();
  const account = await createActiveUser(request);
  const page = await pageFor(browser, { account });
  await page.goto('/profile');
  await settled(page, { heading: true });
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  const newEmail = uniqueEmail('moved');
  await dialog.getByRole('textbox', { name: 'New e-mail' }).fill(account.email);
  await dialog.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByText('This is already your e-mail.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New e-mail' }).fill(newEmail);
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByRole('status')).toContainText(`We sent a link to ${newEmail}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Nothing changes until the link is opened; the current address is told of the request.
  await expect(page.getByText(account.email, { exact: true })).toBeVisible();
  const notice = await mailTo(account.email, '/profile');
  expect(notice.text).toContain(newEmail);

  const link = linkIn(await mailTo(newEmail, '/email/confirm/'), '/email/confirm/');
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Your e-mail is changed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my profile' }).click();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  // The account signs in with the new address only.
  await signIn(request, newEmail, PASSWORD);
  expect(
    (
      await request.post('/api/user/jwt/create/', { data: { email: account.email, password: PASSWORD } })
    ).status(),
  ).toBe(401);

  // The link works once.
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'This link does not work any more' })).toBeVisible();
});
