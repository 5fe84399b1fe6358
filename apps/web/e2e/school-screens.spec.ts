import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { schoolApi } from './school-support';
import { staffUser } from './seed';
import {
  createActiveUser,
  motionEnded,
  pageFor,
  saveScreenshot,
  screenshotViewport,
  settled,
} from './support';

/** Screenshots of the school area, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 900 } });

/** The principal's sheet of passwords would open the print dialog. */
const skipPrinting = () => {
  window.print = () => undefined;
};

const people = {
  en: [
    ['Ana', 'Stoyanova'],
    ['Boris', 'Ivanov'],
    ['Vera', 'Petkova'],
    ['Georgi', 'Dimov'],
    ['Daria', 'Koleva'],
  ],
  bg: [
    ['Ана', 'Стоянова'],
    ['Борис', 'Иванов'],
    ['Вера', 'Петкова'],
    ['Георги', 'Димов'],
    ['Дария', 'Колева'],
  ],
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`school screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const tag = randomUUID().slice(0, 6);
    const staff = await staffUser(request);
    const principal = await createActiveUser(
      request,
      bg ? { first_name: 'Надя', last_name: 'Георгиева' } : { first_name: 'Nadia', last_name: 'Georgieva' },
    );
    const school = await schoolApi(request, staff).createSchool({
      name: bg ? `СУ „Васил Левски“ ${tag}` : `Vasil Levski Secondary School ${tag}`,
      town: bg ? 'Пловдив' : 'Plovdiv',
      website: 'https://levski.example.com',
      description: bg
        ? 'Средно училище с профил по чужди езици. Учим думи и изрази с флашкарти всеки ден.'
        : 'A secondary school with a focus on languages. We learn words and phrases with flash cards every day.',
      is_paid: true,
      available_students: 40,
    });
    await schoolApi(request, staff).addPrincipal(school.id, principal.email);
    const rows = people[language].map(
      ([first, last], index) => `s${index}-${tag}@example.com;${first};${last}`,
    );
    const imported = await schoolApi(request, principal).importStudents(rows.slice(0, 4).join('\n'));

    // /my-school with members.
    const page = await pageFor(browser, {
      language,
      account: principal,
      viewport: screenshotViewport,
      init: skipPrinting,
    });
    await page.goto('/my-school');
    await settled(page, { heading: true });
    await saveScreenshot(page, `school-my-school-${language}`);

    // The import preview.
    await page.getByRole('button', { name: bg ? 'Импортирай от CSV' : 'Import from CSV' }).click();
    const dialog = page.getByRole('dialog');
    const csv = ['Email;First Name;Last Name', rows[0], rows[4]].join('\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog.getByRole('table')).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `school-import-preview-${language}`, { fullPage: false });

    // The sheet of initial passwords.
    await dialog.getByRole('button', { name: bg ? 'Импортирай 1 ученик' : 'Import 1 student' }).click();
    const sheet = page.getByRole('dialog', { name: bg ? 'Първоначални пароли' : 'Initial passwords' });
    await expect(sheet).toBeVisible();
    await motionEnded(page);
    await saveScreenshot(page, `school-sheet-${language}`, { fullPage: false });
    await sheet
      .getByRole('button', { name: bg ? 'Затвори' : 'Close' })
      .last()
      .click();
    await motionEnded(page);
    await saveScreenshot(page, `school-sheet-confirm-${language}`, { fullPage: false });

    // The print view of the slips.
    await page.emulateMedia({ media: 'print' });
    await saveScreenshot(page, `school-print-${language}`);
    await page.emulateMedia({ media: 'screen' });

    // /schools-list for a visitor.
    const visitor = await pageFor(browser, { language, viewport: screenshotViewport, init: skipPrinting });
    await visitor.goto('/schools-list');
    await settled(visitor, { heading: true });
    await saveScreenshot(visitor, `school-list-${language}`);

    // /admin/schools for staff.
    const staffPage = await pageFor(browser, {
      language,
      account: staff,
      viewport: screenshotViewport,
      init: skipPrinting,
    });
    await staffPage.goto(`/admin/schools`);
    await staffPage.getByLabel(bg ? 'Търсене по име или град' : 'Search by name or town').fill(tag);
    await expect(staffPage.getByRole('article')).toHaveCount(1);
    await settled(staffPage, { heading: true });
    await saveScreenshot(staffPage, `school-admin-${language}`);
    await staffPage
      .getByRole('button', { name: bg ? 'Редактирай' : 'Edit', exact: false })
      .first()
      .click();
    await motionEnded(staffPage);
    await saveScreenshot(staffPage, `school-admin-form-${language}`, { fullPage: false });

    // /choose-password for a student's first sign-in.
    const student = await pageFor(browser, { language, viewport: screenshotViewport, init: skipPrinting });
    const first = imported.initial_passwords[0];
    await student.goto('/login');
    await student
      .getByRole('main')
      .getByLabel(bg ? 'Имейл' : 'E-mail')
      .fill(first.email);
    await student.getByRole('main').locator('input[type="password"]').fill(first.password);
    await student.getByRole('main').locator('form button[type="submit"]').click();
    await expect(student).toHaveURL(/\/choose-password$/, { timeout: 20_000 });
    await settled(student, { heading: true });
    await saveScreenshot(student, `school-choose-password-${language}`);
  });
}
