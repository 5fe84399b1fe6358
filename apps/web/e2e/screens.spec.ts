import { expect, type Page, test } from '@playwright/test';
import {
  createActiveUser,
  motionEnded,
  saveScreenshot,
  storeTokens,
  uniqueEmail,
  withCookieConsent,
  withLanguage,
} from './support';

/** Screenshots of every account screen in both languages, for people to look at. */
for (const language of ['en', 'bg'] as const) {
  test.describe(`account screens in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await withCookieConsent(page);
      await withLanguage(page, language);
    });

    const shot = (page: Page, name: string, options?: { fullPage: boolean }) =>
      saveScreenshot(page, `${name}-${language}`, options);
    const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    test('signed-out screens', async ({ page }) => {
      for (const [path, name] of [
        ['/login', 'login'],
        ['/signup', 'signup'],
        ['/reset-password', 'reset-password'],
        ['/password/reset/confirm/OTk5OTk5/made-up', 'reset-password-confirm'],
        ['/activation/OTk5OTk5/made-up', 'activation-invalid'],
        ['/email/confirm/OTk5OTk5/made-up', 'email-confirm-invalid'],
        ['/login/google?code=made-up&state=made-up', 'login-google-failed'],
      ] as const) {
        await page.goto(path);
        await heading(page);
        // Settled: no loader left.
        await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0);
        await shot(page, name);
      }

      // The confirmation screens.
      await page.goto('/reset-password');
      await page.getByRole('main').getByRole('textbox').fill(uniqueEmail('screens'));
      await page.getByRole('main').getByRole('button').last().click();
      await expect(page.getByRole('status')).toBeVisible();
      await shot(page, 'reset-password-sent');

      // The sign-up page passes the address on in the router's history state.
      await page.goto('/success-register');
      await page.evaluate((email) => {
        window.history.replaceState({ usr: { email }, key: 'screens', idx: 0 }, '');
      }, 'maria@example.com');
      await page.reload();
      await expect(page.getByText('maria@example.com')).toBeVisible();
      await shot(page, 'success-register');
    });

    test('profile screens', async ({ page, request }) => {
      // Tall enough for the edit dialog to show whole.
      await page.setViewportSize({ width: 1280, height: 1000 });
      const account = await createActiveUser(request, { first_name: 'Ivana', last_name: 'Petrova' });
      await page.goto('/');
      await storeTokens(page, account);
      await page.goto('/profile');
      await heading(page);
      await expect(
        page.getByRole('main').getByRole('heading', { level: 2, name: 'Ivana Petrova' }),
      ).toBeVisible();
      await shot(page, 'profile');

      const main = page.getByRole('main');
      await main
        .getByRole('button')
        .filter({ hasText: language === 'en' ? 'Edit profile' : 'Редактирай' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await motionEnded(page);
      await shot(page, 'profile-edit', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      // The e-mail change, asked for and sent.
      await main
        .getByRole('button')
        .filter({ hasText: language === 'en' ? 'Change e-mail' : 'Смяна на имейла' })
        .click();
      const emailDialog = page.getByRole('dialog');
      await expect(emailDialog).toBeVisible();
      await motionEnded(page);
      await shot(page, 'profile-change-email', { fullPage: false });
      await emailDialog.getByRole('textbox').first().fill(uniqueEmail('screens'));
      await emailDialog.getByRole('textbox').last().fill(account.password);
      await emailDialog.getByRole('button').last().click();
      await expect(emailDialog.getByRole('status')).toBeVisible();
      await shot(page, 'profile-change-email-sent', { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await main
        .getByRole('button')
        .filter({ hasText: language === 'en' ? 'Delete account' : 'Изтрий' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await motionEnded(page);
      await shot(page, 'profile-delete', { fullPage: false });
    });
  });
}
