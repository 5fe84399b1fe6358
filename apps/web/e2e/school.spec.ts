import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { freeUser, staffUser } from './seed';
import {
  createActiveUser,
  linkIn,
  mailTo,
  PASSWORD,
  pageFor,
  seriousViolations,
  settled,
  uniqueEmail,
} from './support';

/** Counts the page's calls of `window.print` instead of opening the print dialog. */
const recordPrinting = () => {
  (window as unknown as { printed: number }).printed = 0;
  window.print = () => {
    (window as unknown as { printed: number }).printed += 1;
  };
};

test.describe.configure({ timeout: 300_000 });

test('staff create a school and name its principal, who imports students; a student claims the account', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const schoolName = `Vasil Levski School ${word}`;
  const staff = await staffUser(request);
  const principal = await createActiveUser(request, { first_name: 'Nadia', last_name: `Georgieva${word}` });

  // Staff create the school and name the principal by e-mail.
  const staffPage = await pageFor(browser, { account: staff, init: recordPrinting });
  await staffPage.goto('/admin/schools');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  await staffPage.getByRole('button', { name: 'New school' }).click();
  const form = staffPage.getByRole('dialog', { name: 'New school' });
  await form.getByLabel('Name').fill(schoolName);
  await form.getByLabel('Town').fill('Plovdiv');
  await form.getByLabel('Website').fill('https://levski.example.com');
  await form.getByLabel('Description').fill('A secondary school with a love of languages.');
  await form.getByLabel('Seats for students').fill('30');
  await form.getByLabel('Paid').check({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  // The list goes by name, a page at a time, and other tests' schools share it: staff find theirs by name.
  await staffPage.getByRole('searchbox', { name: 'Search by name or town' }).fill(schoolName);
  const card = staffPage.getByRole('article', { name: schoolName });
  await expect(card).toBeVisible();
  await expect(card.getByText('0 of 30 seats used')).toBeVisible();
  await card.getByRole('button', { name: 'Add a principal' }).click();
  await card.getByLabel('E-mail').fill(principal.email);
  await card.getByRole('button', { name: 'Add the principal' }).click();
  await expect(card.getByText(`Nadia Georgieva${word}`)).toBeVisible();
  await settled(staffPage);
  expect(await seriousViolations(staffPage), '/admin/schools').toEqual([]);

  // The principal sees the school and imports three students from a CSV file.
  const page = await pageFor(browser, { account: principal, init: recordPrinting });
  await page.goto('/my-categories');
  await page.getByRole('link', { name: 'My school' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My school' })).toBeVisible();
  await expect(page.getByRole('heading', { name: schoolName })).toBeVisible();
  await expect(page.getByText('30 free seats')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/my-school').toEqual([]);

  const students = [
    { email: `ana-${word}@example.com`, first: 'Ana', last: 'Stoyanova' },
    { email: `boris-${word}@example.com`, first: 'Борис', last: 'Иванов' },
    { email: `vera-${word}@example.com`, first: 'Vera', last: 'Petkova, Jr' },
  ];
  const csv = [
    'Email;First Name;Last Name',
    `${students[0].email};${students[0].first};${students[0].last}`,
    `${students[1].email};${students[1].first};${students[1].last}`,
    `${students[2].email};${students[2].first};"${students[2].last}"`,
  ].join('\n');
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import students from a CSV file' });
  await expect(dialog.getByText('At most 1,000 students', { exact: false })).toBeVisible();
  const input = dialog.locator('input[type="file"]');
  // A bad line refuses the file, and the server's message names it.
  const bad = csv.replace(`${students[1].email};`, `${students[1].email},`);
  await input.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(dialog.getByText(/^Line 3: /)).toBeVisible();
  await input.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = dialog.getByRole('table');
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByText('New account')).toHaveCount(3);
  await expect(dialog.getByText('Free seats after the import: 27')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 students' }).click();

  // The sheet of initial passwords: printed and downloaded.
  const sheet = page.getByRole('dialog', { name: 'Initial passwords' });
  await expect(sheet.getByText('cannot be shown again', { exact: false })).toBeVisible();
  await expect(sheet.getByRole('row')).toHaveCount(4);
  const anaRow = sheet.getByRole('row').filter({ hasText: students[0].email });
  const anaPassword = (await anaRow.getByRole('cell').nth(2).textContent()) ?? '';
  expect(anaPassword.length).toBeGreaterThanOrEqual(8);
  await sheet.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.locator('.school-print-slip')).toHaveCount(3);
  await expect(page.locator('.school-print-slip').first()).toContainText('/login');
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('initial-passwords.csv');
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('First name,Last name,E-mail,Initial password');
  expect(lines).toContain(`Ana,Stoyanova,${students[0].email},${anaPassword}`);
  expect(lines.some((line) => line.startsWith(`Vera,"Petkova, Jr",${students[2].email},`))).toBe(true);
  await sheet.getByRole('button', { name: 'Close' }).last().click();
  await expect(sheet).toBeHidden();

  // The members, with "not yet signed in"; the removal says what is deleted.
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByText('Not yet signed in')).toHaveCount(3);
  await expect(page.getByText('27 free seats')).toBeVisible();
  await members.getByRole('button', { name: 'Actions for Vera Petkova, Jr' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Vera Petkova, Jr?' });
  await expect(confirm).toContainText(
    'deletes the account with all its categories, cards and pictures for good',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // A teacher added by hand: the sheet shows their one password, and asks before closing unsaved.
  await page.getByRole('button', { name: 'Add a person' }).click();
  const add = page.getByRole('dialog', { name: 'Add a person' });
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
  await add.getByRole('textbox', { name: 'First name' }).fill('Petar');
  await add.getByRole('textbox', { name: 'Last name' }).fill(`Teacher${word}`);
  await add.getByRole('textbox', { name: 'E-mail' }).fill(`petar-${word}@example.com`);
  await add.getByRole('checkbox', { name: 'Teacher' }).check();
  await add.getByRole('button', { name: 'Add' }).click();
  const one = page.getByRole('dialog', { name: 'Initial passwords' });
  await expect(one.getByRole('row')).toHaveCount(2);
  await one.getByRole('button', { name: 'Close' }).last().click();
  await one.getByRole('button', { name: 'Close anyway' }).click();
  await expect(one).toBeHidden();
  await members.getByLabel('Search by name or e-mail').fill(`Teacher${word}`);
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members.getByText('Teacher', { exact: true })).toBeVisible();
  await members.getByLabel('Search by name or e-mail').fill('');

  // A student signs in with the initial password and chooses their own.
  const student = await pageFor(browser, { init: recordPrinting });
  await student.goto('/login');
  const main = student.getByRole('main');
  await main.getByLabel('E-mail').fill(students[0].email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(anaPassword);
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(student).toHaveURL(/\/choose-password$/, { timeout: 20_000 });
  await expect(student.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(student.getByRole('link', { name: 'AI Categories' })).toHaveCount(0);
  // The school's password typed at sign-in is not asked again.
  await expect(main.getByRole('textbox', { name: 'Password from your school' })).toHaveCount(0);
  await student.goto('/my-categories');
  await expect(student).toHaveURL(/\/choose-password$/, { timeout: 20_000 });
  await main.getByRole('textbox', { name: 'Password from your school' }).fill(anaPassword);
  await main.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
  await main.getByRole('textbox', { name: 'Retype the new password' }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Save my password' }).click();
  // The toast closes by itself after a few seconds: it is looked for as soon as the password is saved.
  await expect(student.getByText('Welcome! Your password is saved.')).toBeVisible({ timeout: 20_000 });
  await expect(student).toHaveURL(/\/home$/);
  await expect(student.getByRole('link', { name: 'AI Categories' })).toBeVisible();

  // Students are not principals.
  await student.goto('/my-school');
  await expect(student.getByRole('heading', { name: 'Your account is restricted' })).toBeVisible();
  await expect(student.getByRole('link', { name: 'My school' })).toHaveCount(0);

  // The principal sees Ana signed in.
  await page.reload();
  await expect(members.getByText('Not yet signed in')).toHaveCount(3);
});

test('a principal invited by mail sets a password from the link, signs in normally, and cannot delete the account', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const schoolName = `Paisii School ${word}`;
  const staff = await staffUser(request);
  const created = await request.post('/api/admin/schools/', {
    data: { name: schoolName, town: 'Sofia', available_students: 5 },
    headers: { Authorization: `JWT ${staff.access}` },
  });
  expect(created.status()).toBe(201);
  const email = uniqueEmail('principal');

  const staffPage = await pageFor(browser, { account: staff, init: recordPrinting });
  await staffPage.goto('/admin/schools');
  await staffPage.getByLabel('Search by name or town').fill(word);
  const card = staffPage.getByRole('article', { name: schoolName });
  await card.getByRole('button', { name: 'Add a principal' }).click();
  await card.getByLabel('E-mail').fill(email);
  await card.getByLabel('First name (for a new account)').fill('Rumyana');
  await card.getByLabel('Last name (for a new account)').fill(`Koleva${word}`);
  await card.getByRole('button', { name: 'Add the principal' }).click();
  await expect(
    staffPage.getByText(`${email} had no account: an invitation was mailed to set a password.`),
  ).toBeVisible();
  await expect(card.getByText('Invited')).toBeVisible();

  // The mailed link sets the password; then the principal signs in like anyone.
  const link = linkIn(await mailTo(email, '/password/reset/confirm/'), '/password/reset/confirm/');
  const page = await pageFor(browser, { init: recordPrinting });
  await page.goto(link.pathname);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'New password', exact: true }).fill(PASSWORD);
  await main.getByRole('textbox', { name: 'Retype the new password' }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Save the new password' }).click();
  await main.getByRole('link', { name: 'Log in' }).click();
  await main.getByLabel('E-mail').fill(email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await page.getByRole('link', { name: 'My school' }).click();
  await expect(page.getByRole('heading', { name: schoolName })).toBeVisible();

  // The only principal of a school cannot delete the account: the server says why.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel(/To confirm, type your e-mail address/).fill(email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('You are a school principal and cannot delete your account.')).toBeVisible();
});

test('anyone who is not a principal sees the restricted message on /my-school', async ({
  browser,
  request,
}) => {
  const page = await pageFor(browser, { account: await freeUser(request), init: recordPrinting });
  await page.goto('/my-school');
  await expect(page.getByRole('heading', { name: 'Your account is restricted' })).toBeVisible();
  await expect(page.getByText('This page is for the principals of a school.')).toBeVisible();
});

test('a visitor sees the schools on /schools-list, with a link to each website', async ({
  browser,
  request,
}) => {
  const word = randomUUID().slice(0, 8);
  const staff = await staffUser(request);
  const created = await request.post('/api/admin/schools/', {
    data: {
      name: `Hristo Botev School ${word}`,
      town: 'Vratsa',
      website: 'https://botev.example.com',
      is_paid: true,
      available_students: 10,
    },
    headers: { Authorization: `JWT ${staff.access}` },
  });
  expect(created.status()).toBe(201);
  const page = await pageFor(browser, { init: recordPrinting });
  await page.goto('/schools-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible();
  // Schools are in order of their names, 20 a page: find this one on whichever page it is.
  const card = page.getByRole('article', { name: `Hristo Botev School ${word}` });
  for (let tries = 0; tries < 10 && !(await card.isVisible()); tries += 1) {
    const next = page.getByRole('button', { name: 'Next page' });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    await next.click();
    await settled(page);
  }
  await expect(card).toBeVisible();
  await expect(card.getByText('Vratsa')).toBeVisible();
  await expect(card.getByText('Paid')).toBeVisible();
  const link = card.getByRole('link', {
    name: `Website of Hristo Botev School ${word} (opens in a new tab)`,
  });
  await expect(link).toHaveAttribute('href', 'https://botev.example.com');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});
