import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cardsApi, signedIn } from './cards-support';
import { practiceApi, studyCard } from './practice-support';
import { freeUser } from './seed';
import { motionEnded, PASSWORD, seriousViolations, uniqueEmail, withCookieConsent } from './support';

test.beforeEach(async ({ page }) => withCookieConsent(page));
test.describe.configure({ timeout: 120_000 });

/** The learner's key presses: Space turns the card over, 1 marks it guessed. */
async function answerGuessed(page: Page) {
  const card = studyCard(page);
  await expect(card).toBeFocused();
  await expect(card).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
}

/**
 * The test server's stand-in for Stripe delivers its signed `checkout.session.completed` and
 * `invoice.paid` webhooks for this user's last checkout, as Stripe would after the payment.
 */
async function payLastCheckout(request: APIRequestContext, email: string) {
  const response = await request.post(`${process.env.E2E_SEED_URL}/stripe/pay`, { data: { email } });
  expect(response.ok(), await response.text()).toBe(true);
  const paid = (await response.json()) as { delivered: number; successPath: string };
  expect(paid.delivered).toBeGreaterThan(0);
  // Where the provider's success URL sends the buyer back: the page of this checkout.
  return paid.successPath;
}

test('a free user at the daily limit buys a monthly plan and practises on without a limit', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request, await freeUser(request));
  const cards = cardsApi(request, account);
  const practice = practiceApi(request, account);
  const category = await cards.category('Verbs');
  const go = await cards.textCard(category.id, 'go', 'went');
  await cards.textCard(category.id, 'see', 'saw');
  await cards.textCard(category.id, 'take', 'took');
  for (let i = 0; i < 29; i++) await practice.answer(go.id, 'incorrect_guesses_score');
  const main = page.getByRole('main');
  const practicePage = `/flash-cards-text/${category.id}?type=verbal&mode=standard`;

  // The 30th answer is taken, the 31st is refused: the limit offers the plans.
  await page.goto(practicePage);
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  await answerGuessed(page);
  await expect(main.getByText('Card 2 of 3')).toBeVisible();
  await answerGuessed(page);
  const limit = page.getByRole('dialog', { name: 'Daily limit reached' });
  await expect(limit.getByText('Your daily limit of 30 cards is exceeded')).toBeVisible();
  await limit.getByRole('link', { name: 'See the subscriptions' }).click();

  // My subscription: free, no payments, the plans to buy.
  await expect(page).toHaveURL('/subscriptions');
  await expect(main.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  const plan = main.getByRole('region', { name: 'Your plan' });
  await expect(plan.getByText('Not premium', { exact: true })).toBeVisible();
  await expect(main.getByText('No payments yet.')).toBeVisible();
  const buyMonthly = main.getByRole('button', { name: 'Buy the Monthly plan' });
  await expect(buyMonthly).toBeEnabled();
  await motionEnded(page);
  expect(await seriousViolations(page), 'subscriptions').toEqual([]);

  // Buying leaves for the provider's checkout page.
  const ourOrigin = new URL(page.url()).origin;
  await buyMonthly.click();
  await page.waitForURL((url) => url.origin !== ourOrigin, { timeout: 15_000 });

  // The provider's webhooks make the account premium; its success address brings the buyer back.
  await page.goto(await payLastCheckout(request, account.email));
  await expect(main.getByText(/^Premium is yours until /)).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('link', { name: 'Start practising' })).toHaveAttribute(
    'href',
    '/my-categories',
  );

  // The payment and the plan are on my subscription page.
  await main.getByRole('link', { name: 'My subscription' }).click();
  await expect(plan.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(plan.getByText('Premium', { exact: true })).toBeVisible();
  await expect(
    main
      .getByRole('table', { name: 'Your payments, newest first' })
      .getByRole('cell', { name: 'Paid', exact: true }),
  ).toBeVisible();

  // No limit any more: the next answer is taken.
  await page.goto(practicePage);
  await expect(main.getByText('Card 1 of 3')).toBeVisible();
  await answerGuessed(page);
  await expect(main.getByText('Card 2 of 3')).toBeVisible();
  await expect(limit).toBeHidden();
});

test('a plan bought during the trial starts when the trial ends, and the success page waits for the payment', async ({
  page,
  request,
}) => {
  const account = await signedIn(page, request);
  const mine = async () =>
    (
      await request.get('/api/subscriptions/me/', { headers: { authorization: `JWT ${account.access}` } })
    ).json() as Promise<{ trial_end_date: string; premium_until: string; is_premium: boolean }>;
  const { trial_end_date: trialEnd, is_premium: premiumByTrial } = await mine();
  expect(premiumByTrial).toBe(true);

  await page.goto('/subscriptions');
  const main = page.getByRole('main');
  await expect(
    main.getByText(/^Your trial runs until .+; the plan you buy now starts then\.$/),
  ).toBeVisible();
  const ourOrigin = new URL(page.url()).origin;
  await main.getByRole('button', { name: 'Buy the Monthly plan' }).click();
  await page.waitForURL((url) => url.origin !== ourOrigin, { timeout: 15_000 });

  // Back before the provider's webhook: the trial's premium is no proof of this payment.
  const checkout = await request.post(`${process.env.E2E_SEED_URL}/stripe/checkout`, {
    data: { email: account.email },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { successPath } = (await checkout.json()) as { successPath: string };
  await page.goto(successPath);
  await expect(main.getByText('We are confirming your payment with the bank…')).toBeVisible();
  await expect(main.getByText(/^Premium is yours until /)).toBeHidden();

  await payLastCheckout(request, account.email);
  await expect(main.getByText(/^Premium is yours until /)).toBeVisible({ timeout: 30_000 });
  const monthAfterTrial = new Date(trialEnd);
  monthAfterTrial.setUTCMonth(monthAfterTrial.getUTCMonth() + 1);
  expect((await mine()).premium_until).toBe(monthAfterTrial.toISOString());
});

test('the pricing page shows the plans to a visitor and leads to sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL('/pricing');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  for (const name of ['Monthly', 'Annual', 'Gold monthly', 'Gold annual']) {
    await expect(main.getByRole('region', { name, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('region', { name: 'Annual', exact: true }).getByText(/^Save /)).toBeVisible();
  await expect(main.getByRole('table', { name: 'What premium unlocks' })).toBeVisible();
  await main.getByText('Lev (BGN)').click();
  await expect(page).toHaveURL('/pricing?currency=bgn');
  await expect(
    main
      .getByRole('region', { name: 'Monthly', exact: true })
      .getByText(/^BGN\s12\.00$/)
      .first(),
  ).toBeVisible();
  await motionEnded(page);
  expect(await seriousViolations(page), 'pricing').toEqual([]);
  await main
    .getByRole('region', { name: 'Monthly', exact: true })
    .getByRole('link', { name: 'Sign up to start' })
    .click();
  await expect(page).toHaveURL('/signup');
});

test('someone who signs up through a referral link shows on the affiliate page', async ({
  page,
  browser,
  request,
}) => {
  await signedIn(page, request, await freeUser(request, { first_name: 'Anna', last_name: 'Koleva' }));
  await page.goto('/affiliates');
  const main = page.getByRole('main');
  const link = main.getByRole('textbox', { name: 'Referral link' });
  await expect(link).toHaveValue(/\/signup\?ref=/);
  const referral = new URL(await link.inputValue());
  await expect(main.getByText('Nobody has signed up through your link yet.')).toBeVisible();
  await motionEnded(page);
  expect(await seriousViolations(page), 'affiliates').toEqual([]);

  // A friend opens the link in their own browser and registers.
  const friend = await browser.newPage();
  await withCookieConsent(friend);
  await friend.goto(`${referral.pathname}${referral.search}`);
  await friend.getByLabel('First name').fill('Mila');
  await friend.getByLabel('Last name').fill('Ivanova');
  await friend.getByLabel('E-mail').fill(uniqueEmail('referred'));
  await friend.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await friend.getByLabel('Retype the password').fill(PASSWORD);
  await friend.getByRole('checkbox', { name: /I agree to the terms of usage/ }).check();
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL('/success-register');
  await friend.close();

  await page.reload();
  const referred = main.getByRole('region', { name: 'People you referred' });
  await expect(referred.getByRole('cell', { name: /^Mila I/ })).toBeVisible();
});
