import { expect, test } from '@playwright/test';
import { schoolWithStudent } from './guardians-support';
import { weeklySummaries } from './seed';
import {
  linkIn,
  mailTo,
  motionEnded,
  pageFor,
  saveScreenshot,
  screenshotViewport,
  settled,
  uniqueEmail,
} from './support';

/** Screenshots of the guardians' screens, in both languages, for people to look at. */
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: screenshotViewport });

for (const language of ['en', 'bg'] as const) {
  test(`guardian screens, ${language}`, async ({ browser, request }) => {
    const bg = language === 'bg';
    const { principal, student } = await schoolWithStudent(request, {
      principal: bg
        ? { first_name: 'Надя', last_name: 'Георгиева' }
        : { first_name: 'Nadia', last_name: 'Georgieva' },
      student: bg
        ? { first_name: 'Мария', last_name: 'Иванова' }
        : { first_name: 'Maria', last_name: 'Ivanova' },
      school: bg ? 'СУ „Иван Вазов“' : 'Ivan Vazov School',
    });
    const name = bg ? 'Мария Иванова' : 'Maria Ivanova';

    // The student sets her guardian on the profile: waiting for confirmation.
    const own = uniqueEmail('parent');
    const studentPage = await pageFor(browser, { language, account: student, viewport: screenshotViewport });
    await studentPage.goto('/profile');
    await studentPage
      .getByRole('button', { name: bg ? 'Задай имейл на родител' : "Set the guardian's e-mail" })
      .click();
    const dialog = studentPage.getByRole('dialog');
    await dialog.getByLabel(bg ? 'Имейл на родителя' : "Guardian's e-mail").fill(own);
    await motionEnded(studentPage);
    await saveScreenshot(studentPage, `guardian-profile-dialog-${language}`, { fullPage: false });
    await dialog.getByRole('button', { name: bg ? 'Запази' : 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(studentPage.getByText(bg ? 'Чака потвърждение' : 'Waiting for confirmation')).toBeVisible();
    await studentPage
      .getByRole('heading', { name: bg ? 'Родител' : 'Parent or guardian' })
      .scrollIntoViewIfNeeded();
    await settled(studentPage);
    await saveScreenshot(studentPage, `guardian-profile-${language}`);

    // The guardian confirms from the mail.
    const visitor = await pageFor(browser, { language, viewport: screenshotViewport });
    await visitor.goto(linkIn(await mailTo(own, '/guardian/confirm/'), '/guardian/confirm/').pathname);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(visitor);
    await saveScreenshot(visitor, `guardian-confirmed-${language}`);
    // The link again: already used.
    await visitor.reload();
    await expect(
      visitor.getByRole('heading', {
        level: 1,
        name: bg ? 'Връзката вече е използвана' : 'This link was already used',
      }),
    ).toBeVisible();
    await saveScreenshot(visitor, `guardian-link-used-${language}`);

    // The principal's members page, with the dialog.
    const page = await pageFor(browser, { language, account: principal, viewport: screenshotViewport });
    await page.goto('/my-school');
    await expect(page.getByText(own)).toBeVisible();
    await settled(page, { heading: true });
    await saveScreenshot(page, `guardian-members-${language}`);
    await page.getByRole('button', { name: bg ? `Действия за ${name}` : `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: bg ? 'Имейл на родител' : "Guardian's e-mail" }).click();
    await motionEnded(page);
    await saveScreenshot(page, `guardian-members-dialog-${language}`, { fullPage: false });

    // The unsubscribe page.
    await page
      .getByRole('dialog')
      .getByRole('button', { name: bg ? 'Отказ' : 'Cancel' })
      .click();
    // The weekly summary, as a mail reader shows its HTML, and the unsubscribe page it links to.
    await weeklySummaries(request);
    const summary = await mailTo(own, '/guardian/unsubscribe/');
    const reader = await pageFor(browser, { viewport: screenshotViewport });
    await reader.setContent(summary.html);
    await saveScreenshot(reader, `guardian-summary-mail-${language}`);
    await visitor.goto(linkIn(summary, '/guardian/unsubscribe/').pathname);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(visitor);
    await saveScreenshot(visitor, `guardian-unsubscribed-${language}`);
  });
}
