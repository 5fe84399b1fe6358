import { expect, test } from '@playwright/test';
import { createActiveUser, PASSWORD, pageFor, readTokens, settled, signIn } from './support';

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
