import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  createActiveUser,
  linkIn,
  mailTo,
  PASSWORD,
  readTokens,
  saveScreenshot,
  storeTokens,
  uniqueEmail,
  withCookieConsent,
  withLanguage,
} from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));

const banner = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');

/** A small PNG drawn on a canvas in the page. */
async function drawPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#e8590c';
    context.fillRect(0, 0, 96, 96);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(48, 48, 28, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

async function logIn(page: Page, email: string, password: string) {
  await main(page).getByLabel('E-mail').fill(email);
  await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Log in' }).click();
}

test('sign up, activate from the mail, log in, edit the profile and picture, reload, log out', async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await expect(page).toHaveTitle('Sign up · Flashcards');
  await page.getByLabel('First name').fill('Mila');
  await page.getByLabel('Last name').fill('Ivanova');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Retype the password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the terms of usage/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/success-register');
  await expect(page.getByText(`We sent an e-mail to ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent the e-mail again.' })).toBeVisible();

  // The link of the mail received over SMTP, opened in the browser.
  const link = linkIn(await mailTo(email, '/activation/'), '/activation/');
  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await saveScreenshot(page, 'activation-done-en');
  await main(page).getByRole('link', { name: 'Log in' }).click();

  await expect(page).toHaveURL('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/home');
  await expect(banner(page).getByRole('link', { name: 'Mila Ivanova' })).toBeVisible();

  await banner(page).getByRole('link', { name: 'Mila Ivanova' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  await expect(page).toHaveTitle('My profile · Flashcards');

  // Edit: new names and one e-mail switch.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('First name')).toBeFocused();
  const promos = dialog.getByRole('switch', { name: 'News and offers' });
  const promosBefore = await promos.isChecked();
  await dialog.getByLabel('First name').fill('Milena');
  await dialog.getByLabel('Last name').fill('Georgieva');
  await dialog.getByLabel('Town').fill('Plovdiv');
  await promos.setChecked(!promosBefore);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Milena Georgieva' })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: 'Milena Georgieva' })).toBeVisible();
  await expect(main(page).getByText('Plovdiv')).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(dialog.getByRole('switch', { name: 'News and offers' })).toBeChecked({
    checked: !promosBefore,
  });
  // The sign-up kept the browser's time zone; another one is found by typing, then waits a day.
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(zone).toBeDisabled();
  await expect(
    dialog.getByText(/You changed it less than a day ago: you can change it again after/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A new picture, through the file chooser.
  const picture = await drawPng(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Your picture is changed.')).toBeVisible();
  await expect(main(page).getByRole('img', { name: 'Profile picture of Milena Georgieva' })).toHaveAttribute(
    'src',
    /^\/media\/u\/\d+\/avatar-[0-9a-f]+\.webp$/,
  );
  await expect(banner(page).locator('img')).toHaveAttribute('src', /^\/media\/u\/\d+\/avatar-/);
  await saveScreenshot(page, 'profile-after-edit-en');

  await page.reload();
  await expect(banner(page).getByRole('link', { name: 'Milena Georgieva' })).toBeVisible();
  await expect(banner(page).locator('img')).toHaveAttribute('src', /^\/media\/u\/\d+\/avatar-/);

  await banner(page).getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await readTokens(page)).toEqual({ access: null, refresh: null });

  // The link works once: opened again, it says the account is active already.
  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is already active' })).toBeVisible();
});

test('signs in with Google through a real OpenID provider', async ({ page }) => {
  // The provider's development pages load a web font; nothing may leave the machine.
  await page.route(/^https:\/\/fonts\./, (route) => route.abort());
  const login = `gergana.dimitrova.${Date.now()}`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL('/home');
  await expect(banner(page).getByRole('link', { name: 'Gergana Dimitrova' })).toBeVisible();
  const tokens = await readTokens(page);
  expect(tokens.access).toBeTruthy();
  expect(tokens.refresh).toBeTruthy();
});

test('a Google answer that is not valid any more shows the error and the way back', async ({ page }) => {
  await page.goto('/login/google?code=made-up&state=made-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Google sign-in did not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in request has expired or is not valid; please try again.',
  );
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL('/login');
});

/** How many mails with an activation link this address has received so far. */
async function activationMailsTo(address: string): Promise<number> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  const files = (await readdir(dir).catch(() => [])).filter(
    (file) => file.endsWith('.json') && !file.startsWith('.'),
  );
  let count = 0;
  for (const file of files) {
    const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { to: string[]; text: string };
    if (mail.to.includes(address.toLowerCase()) && mail.text.includes('/activation/')) count += 1;
  }
  return count;
}

test('logging in before activating says so, only with the right password, and sends the mail again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('early');
  const registered = await request.post('/api/user/users/', {
    data: {
      first_name: 'Rada',
      last_name: 'Koleva',
      email,
      password: PASSWORD,
      re_password: PASSWORD,
      accepted_terms: true,
    },
  });
  expect(registered.status()).toBe(201);
  await mailTo(email, '/activation/');
  expect(await activationMailsTo(email)).toBe(1);

  // A wrong password learns nothing about the account.
  await page.goto('/login');
  await logIn(page, email, 'Not-The-Password-1');
  await expect(main(page).getByRole('alert')).toHaveText('Not correct email or password');
  await expect(main(page).getByRole('button', { name: 'Send the activation e-mail again' })).toHaveCount(0);

  await logIn(page, email, PASSWORD);
  await expect(main(page).getByText(`Your account (${email}) is not activated yet.`)).toBeVisible();
  await expect(page).toHaveURL('/login');
  await saveScreenshot(page, 'login-not-activated-en');
  await main(page).getByRole('button', { name: 'Send the activation e-mail again' }).click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `We sent a new activation link to ${email}.` }),
  ).toBeVisible();
  await expect.poll(() => activationMailsTo(email)).toBe(2);

  // The new link activates, and the same log in now goes through.
  await page.goto(linkIn(await mailTo(email, '/activation/'), '/activation/').href);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/home');
});

test('an activation link that is not valid says so and offers a new one', async ({ page }) => {
  await page.goto('/activation/OTk5OTk5/made-up');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link is not valid or has expired' }),
  ).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Send a new link' })).toBeVisible();
});

test('the login page goes back to the page the guard came from', async ({ page, request }) => {
  const account = await createActiveUser(request);
  await page.goto('/friends?tab=requests');
  await expect(page).toHaveURL('/login');
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL('/friends?tab=requests');
});

test('wrong password, a common password and mismatched passwords show their messages', async ({ page }) => {
  await page.goto('/login');
  await main(page).getByRole('button', { name: 'Log in' }).click();
  await expect(main(page).getByLabel('E-mail')).toBeFocused();
  await expect(main(page).getByLabel('E-mail')).toHaveAccessibleDescription('This field is required.');
  await logIn(page, uniqueEmail('nobody'), 'Not-The-Password-1');
  await expect(main(page).getByRole('alert')).toHaveText('Not correct email or password');

  await page.goto('/signup');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const retype = page.getByLabel('Retype the password');
  await page.getByLabel('First name').fill('Boris');
  await page.getByLabel('Last name').fill('Kolev');
  await page.getByLabel('E-mail').fill(uniqueEmail('common'));
  await password.fill('password');
  await retype.fill('password');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/This password is too common\./);
  await expect(password).toBeFocused();
  await saveScreenshot(page, 'signup-errors-en');

  await password.fill(PASSWORD);
  await retype.fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(retype).toHaveAccessibleDescription('Password not match');
  await expect(retype).toBeFocused();
  await expect(page).toHaveURL('/signup');
});

test('the errors come in Bulgarian too', async ({ page }) => {
  await withLanguage(page, 'bg');
  await page.goto('/login');
  await main(page).getByLabel('Имейл').fill(uniqueEmail('nikoy'));
  await main(page).getByRole('textbox', { name: 'Парола', exact: true }).fill('Ne-E-Parolata-1');
  await main(page).getByRole('button', { name: 'Вход', exact: true }).click();
  await expect(main(page).getByRole('alert')).toHaveText('Грешен имейл или парола');

  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Име', exact: true }).fill('Борис');
  await page.getByLabel('Фамилия').fill('Колев');
  await page.getByLabel('Имейл').fill(uniqueEmail('obshta'));
  // A common password of letters only: one of digits may instead be judged too like the e-mail's random part.
  await page.getByRole('textbox', { name: 'Парола', exact: true }).fill('password');
  await page.getByLabel('Повторете паролата').fill('password');
  await page.getByRole('checkbox', { name: /Приемам/ }).check();
  await page.getByRole('button', { name: 'Създай профил' }).click();
  await expect(page.getByRole('textbox', { name: 'Парола', exact: true })).toHaveAccessibleDescription(
    /Тази парола е твърде често срещана\./,
  );

  await page.getByRole('textbox', { name: 'Парола', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Създай профил' }).click();
  await expect(page.getByLabel('Повторете паролата')).toHaveAccessibleDescription('Паролите не съвпадат');
  await saveScreenshot(page, 'signup-errors-bg');
});

test('a forgotten password is reset from the mailed link', async ({ page, request }) => {
  // A whole journey: two mails, two sign-ins and five pages.
  test.slow();
  const account = await createActiveUser(request, { first_name: 'Rada', last_name: 'Todorova' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/reset-password');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(
    page.getByText(`If an account exists for ${account.email}, we sent a link to it.`),
  ).toBeVisible();

  const link = linkIn(await mailTo(account.email, '/password/reset/confirm/'), '/password/reset/confirm/');
  await page.goto(link.href);
  const newPassword = 'Green-Teapot-52';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Retype the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password is changed' })).toBeVisible();

  await main(page).getByRole('link', { name: 'Log in' }).click();
  await logIn(page, account.email, newPassword);
  await expect(banner(page).getByRole('link', { name: 'Rada Todorova' })).toBeVisible();

  // Spent: the same link now says so, with the way to ask for a new one.
  await page.goto(link.href);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Other-Teapot-53');
  await page.getByLabel('Retype the new password').fill('Other-Teapot-53');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(main(page).getByRole('alert')).toContainText('The link is not valid or has expired.');
  await main(page).getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/reset-password');
});

test('deleting the account needs the e-mail typed, then signs out and goes home', async ({
  page,
  request,
}) => {
  const account = await createActiveUser(request, { first_name: 'Petar', last_name: 'Stoyanov' });
  await page.goto('/');
  await storeTokens(page, account);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill(account.email.toUpperCase());
  await confirm.click();

  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account is deleted. Goodbye!')).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await readTokens(page)).toEqual({ access: null, refresh: null });
  const signIn = await request.post('/api/user/jwt/create/', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(401);
});
