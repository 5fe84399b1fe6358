import { expect, type Page, test } from '@playwright/test';
import { freeUser, staffUser } from './seed';
import {
  motionEnded,
  saveScreenshot,
  storeTokens,
  type TestAccount,
  withCookieConsent,
  withLanguage,
} from './support';

/** Screenshots of pricing, subscription, payment, affiliate and payout screens in both languages. */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await motionEnded(page);
};

async function shoot(page: Page, path: string, name: string) {
  await page.goto(path);
  await settled(page);
  await saveScreenshot(page, name);
}

const texts = {
  en: { buyMonthly: 'Buy the Monthly plan', premium: /^Premium is yours until / },
  bg: { buyMonthly: 'Купи абонамент „Месечен“', premium: /^Имате премиум достъп до / },
} as const;

for (const language of ['en', 'bg'] as const) {
  test(`subscription screens, ${language}`, async ({ browser, request }) => {
    const page = await browser.newPage();
    await withCookieConsent(page);
    await withLanguage(page, language);

    // A visitor's pricing page, in lev and in euro.
    await shoot(page, '/pricing', `pricing-${language}`);
    await shoot(
      page,
      `/pricing?currency=${language === 'bg' ? 'eur' : 'bgn'}`,
      `pricing-other-currency-${language}`,
    );

    // A free user's subscription page, then a payment through the test server's stand-in for Stripe.
    const account: TestAccount = await freeUser(request);
    await storeTokens(page, account);
    await shoot(page, '/subscriptions', `subscriptions-free-${language}`);
    await shoot(page, '/subscriptions-failed', `subscriptions-failed-${language}`);
    await page.goto('/subscriptions');
    const ourOrigin = new URL(page.url()).origin;
    await page.getByRole('button', { name: texts[language].buyMonthly }).click();
    await page.waitForURL((url) => url.origin !== ourOrigin, { timeout: 15_000 });
    const paid = await request.post(`${process.env.E2E_SEED_URL}/stripe/pay`, {
      data: { email: account.email },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    await page.goto(((await paid.json()) as { successPath: string }).successPath);
    await expect(page.getByRole('main').getByText(texts[language].premium)).toBeVisible({ timeout: 30_000 });
    await settled(page);
    await saveScreenshot(page, `subscriptions-success-${language}`);
    await shoot(page, '/subscriptions', `subscriptions-premium-${language}`);
    await shoot(page, '/affiliates', `affiliates-${language}`);

    // The staff's payouts.
    await storeTokens(page, await staffUser(request));
    await shoot(page, '/admin/payouts', `admin-payouts-${language}`);
    await page.close();
  });
}
