import { expect, test } from '@playwright/test';
import { schoolWithStudent } from './guardians-support';
import { weeklySummaries } from './seed';
import { linkIn, mailTo, pageFor, seriousViolations, settled, uniqueEmail } from './support';

test.describe.configure({ timeout: 240_000 });

test("the principal sets a student's guardian; the weekly summary arrives and its link unsubscribes", async ({
  browser,
  request,
}) => {
  const { principal } = await schoolWithStudent(request, {
    principal: { first_name: 'Nadia', last_name: 'Georgieva' },
    student: { first_name: 'Maria', last_name: 'Guardianova' },
    school: 'Guardians School',
  });
  const guardian = uniqueEmail('guardian');

  // On the members page the principal sets the student's guardian e-mail in a dialog.
  const page = await pageFor(browser, { account: principal });
  await page.goto('/my-school');
  await page.getByRole('button', { name: 'Actions for Maria Guardianova' }).click();
  await page.getByRole('menuitem', { name: "Guardian's e-mail" }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardian of Maria Guardianova' });
  await dialog.getByLabel("Guardian's e-mail").fill(guardian);
  await dialog.getByText('English', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Guardian: ${guardian} (confirmed)`)).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), '/my-school').toEqual([]);

  // The guardian is told what they will receive; then the weekly job sends the summary.
  const welcome = await mailTo(guardian, '/guardian/unsubscribe/');
  expect(welcome.subject).toBe('Weekly summaries from Flashcards');
  await weeklySummaries(request);
  let summary = welcome;
  await expect
    .poll(async () => {
      summary = await mailTo(guardian, '/guardian/unsubscribe/');
      return summary.subject;
    })
    .toBe('Your weekly summary from Flashcards');
  expect(summary.text).toContain('Maria Guardianova');
  expect(summary.text).toContain('Practice');
  expect(summary.text).toContain('Exams in the next 7 days');

  // The unsubscribe link works without an account.
  const visitor = await pageFor(browser);
  await visitor.goto(linkIn(summary, '/guardian/unsubscribe/').pathname);
  await expect(visitor.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(
    visitor.getByText('You will receive no more summaries about Maria Guardianova.'),
  ).toBeVisible();
  expect(await seriousViolations(visitor), '/guardian/unsubscribe').toEqual([]);

  // The principal sees it.
  await page.reload();
  await expect(page.getByText(`Guardian: ${guardian} (unsubscribed)`)).toBeVisible();
});
