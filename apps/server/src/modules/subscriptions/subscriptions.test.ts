import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { signIn } from '../../../test/session';
import {
  chargeRefundedEvent,
  checkoutCompletedEvent,
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  type StripeEvent,
  type StripeServer,
  signWebhook,
  startStripeServer,
} from '../../../test/stripe-server';
import { affiliateCommissions, paymentEvents, payments, users } from '../../db/schema';
import { DAY } from '../../lib/clock';

const WEBHOOK_SECRET = 'whsec_test_secret';
let stripe: StripeServer;
let mail: MailServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  mail = await startMailServer();
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    SMTP_URL: mail.url,
    PUBLIC_URL: 'https://cards.test',
  });
});

afterAll(async () => {
  await t.close();
  await stripe.close();
  await mail.close();
});

const deliver = (event: StripeEvent | string, signature?: string | null, secret = WEBHOOK_SECRET) => {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature ?? signWebhook(payload, secret);
  return t.app.inject({ method: 'POST', url: '/api/subscriptions/webhook/', headers, payload });
};

const accountOf = async (id: number) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
};

const withoutTrial = { trialEndDate: null } as const;

describe('plans', () => {
  it('lists the four plans in lev and euro with per-week prices and savings, without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ payments_enabled: true, premium_for_all: false, trial_days: 30 });
    expect(body.free).toEqual({ daily_card_limit: 30, active_items: 3, ai_quota: { text: 20, images: 10 } });
    const byId = Object.fromEntries(body.plans.map((plan: { id: string }) => [plan.id, plan]));
    expect(byId.monthly.prices.bgn).toEqual({ amount: '12.00', per_week: '2.77', saving: '0.00' });
    expect(byId.annual.prices.bgn).toEqual({ amount: '114.00', per_week: '2.19', saving: '30.00' });
    expect(byId.gold_annual.prices.bgn.saving).toBe('50.00');
    expect(byId.gold_annual.prices.eur).toEqual({ amount: '97.00', per_week: '1.87', saving: '23.00' });
    expect(byId.gold_monthly).toMatchObject({
      period: 'month',
      gold: true,
      ai_quota: { text: 150, images: 150 },
    });
  });
});

describe('checkout', () => {
  it("returns the provider's checkout URL for the plan's price, currency and the user's metadata", async () => {
    const me = await signIn(t, { language: 'bg' });
    const response = await me.call('POST', '/api/subscriptions/checkout/', {
      plan: 'annual',
      currency: 'eur',
    });
    expect(response.statusCode).toBe(200);
    const session = stripe.checkoutSessions.at(-1)!;
    expect(response.json()).toEqual({ url: session.url });
    expect(session.fields).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '5800',
      'line_items[0][price_data][recurring][interval]': 'year',
      client_reference_id: String(me.user.id),
      'metadata[user_id]': String(me.user.id),
      'metadata[plan]': 'annual',
      'subscription_data[metadata][user_id]': String(me.user.id),
      'subscription_data[metadata][plan]': 'annual',
      customer_email: me.user.email,
      locale: 'bg',
      success_url: 'https://cards.test/subscriptions-success',
      cancel_url: 'https://cards.test/subscriptions-failed',
    });
  });

  it('refuses an unknown plan or currency', async () => {
    const me = await signIn(t);
    const response = await me.call('POST', '/api/subscriptions/checkout/', {
      plan: 'forever',
      currency: 'usd',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['currency', 'plan']);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const unreachable = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_WEBHOOK_SECRET: 'whsec_down',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const me = await signIn(unreachable);
      const response = await me.call('POST', '/api/subscriptions/checkout/', {
        plan: 'monthly',
        currency: 'bgn',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'payments_unavailable',
        detail: 'The payment provider cannot be reached. Please try again later.',
      });
    } finally {
      await unreachable.close();
    }
  });

  it('answers 503 without a payment provider, and 409 where everyone is premium', async () => {
    const bare = await buildTestApp();
    const forAll = await buildTestApp({
      PREMIUM_FOR_ALL: 'true',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
    });
    try {
      const body = { plan: 'monthly', currency: 'bgn' };
      const response = await (await signIn(bare)).call('POST', '/api/subscriptions/checkout/', body);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'payments_not_configured',
        detail: 'Payments are not configured on this server.',
      });
      expect((await (await signIn(bare)).call('POST', '/api/subscriptions/portal/')).statusCode).toBe(503);
      const webhook = await bare.app.inject({
        method: 'POST',
        url: '/api/subscriptions/webhook/',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(webhook.statusCode).toBe(503);
      const conflict = await (await signIn(forAll)).call('POST', '/api/subscriptions/checkout/', body);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().code).toBe('premium_for_all');
    } finally {
      await bare.close();
      await forAll.close();
    }
  });
});

describe('the webhook', () => {
  it('makes the user premium on a paid invoice, keeps the customer, and shows the payment', async () => {
    const me = await signIn(t, withoutTrial);
    expect((await me.call('GET', '/api/user/users/me/')).json().is_premium).toBe(false);
    const customer = `cus_${me.user.id}`;
    expect(
      (await deliver(checkoutCompletedEvent({ userId: me.user.id, plan: 'monthly', customer }))).statusCode,
    ).toBe(200);
    const paid = await deliver(
      invoicePaidEvent({ userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn', customer }),
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ received: true });

    const now = t.clock.now();
    const expectedEnd = new Date(now);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    const account = await accountOf(me.user.id);
    expect(account).toMatchObject({ subscriptionType: 'monthly', stripeCustomerId: customer });
    expect(account.subscriptionEndDate?.getTime()).toBeGreaterThanOrEqual(now.getTime() + 28 * DAY);
    expect(account.subscriptionEndDate?.getTime()).toBeLessThanOrEqual(now.getTime() + 31 * DAY);
    expect((await me.call('GET', '/api/user/users/me/')).json().is_premium).toBe(true);

    const mine = (await me.call('GET', '/api/subscriptions/me/')).json();
    expect(mine).toMatchObject({
      subscription_type: 'monthly',
      is_premium: true,
      can_manage: true,
      premium_until: account.subscriptionEndDate!.toISOString(),
      payments: [{ plan: 'monthly', amount: '12.00', currency: 'bgn', status: 'paid' }],
    });

    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const message = await mail.nextTo(me.user.email);
    expect(message.subject).toBe('Thank you for your Flashcards subscription');
    expect(message.text).toContain('BGN');
    expect(message.text).toContain('https://cards.test/subscriptions');

    const portal = await me.call('POST', '/api/subscriptions/portal/');
    expect(portal.statusCode).toBe(200);
    expect(stripe.portalSessions.at(-1)).toMatchObject({
      customer,
      return_url: 'https://cards.test/subscriptions',
    });
  });

  it('answers the portal 404 to someone who never paid', async () => {
    const me = await signIn(t);
    expect((await me.call('POST', '/api/subscriptions/portal/')).statusCode).toBe(404);
  });

  it('counts the same event once, and the same invoice once', async () => {
    const me = await signIn(t, withoutTrial);
    const event = invoicePaidEvent({ userId: me.user.id, plan: 'annual', amount: 11400, currency: 'bgn' });
    expect((await deliver(event)).statusCode).toBe(200);
    const once = (await accountOf(me.user.id)).annualSubscriptionEndDate;
    expect((await deliver(event)).statusCode).toBe(200);
    const again = { ...event, id: `${event.id}_again` };
    expect((await deliver(again)).statusCode).toBe(200);
    expect((await accountOf(me.user.id)).annualSubscriptionEndDate).toEqual(once);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, me.user.id))).toHaveLength(
      1,
    );
  });

  it('refuses a wrong or missing signature with 400 and changes nothing', async () => {
    const me = await signIn(t, withoutTrial);
    const event = invoicePaidEvent({ userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn' });
    for (const response of [
      await deliver(event, null),
      await deliver(event, undefined, 'whsec_someone_else'),
      await deliver(event, 't=1,v1=deadbeef'),
      await deliver('not json at all', signWebhook('other', WEBHOOK_SECRET)),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_signature', detail: expect.any(String) });
    }
    expect(await accountOf(me.user.id)).toMatchObject({
      subscriptionType: 'none',
      subscriptionEndDate: null,
    });
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, event.id)),
    ).toEqual([]);
  });

  it('records an event of another type and does nothing else', async () => {
    const event = {
      ...invoicePaidEvent({ userId: 1, plan: 'monthly', amount: 1, currency: 'bgn' }),
      type: 'customer.created',
    };
    expect((await deliver(event)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    expect(row?.type).toBe('customer.created');
  });

  it('extends a renewal from the current end, and from now when the subscription lapsed', async () => {
    const me = await signIn(t, withoutTrial);
    const pay = (plan: string) =>
      deliver(
        invoicePaidEvent({
          userId: me.user.id,
          plan,
          amount: 1200,
          currency: 'bgn',
          billingReason: 'subscription_cycle',
        }),
      );
    const start = t.clock.now();
    await pay('monthly');
    const first = (await accountOf(me.user.id)).subscriptionEndDate!;
    // Renewed a few days early: the new month starts where the paid one ends.
    t.clock.advance(25 * DAY);
    await pay('monthly');
    const second = (await accountOf(me.user.id)).subscriptionEndDate!;
    const fromFirst = new Date(first);
    fromFirst.setUTCMonth(fromFirst.getUTCMonth() + 1);
    expect(second).toEqual(fromFirst);
    // Lapsed for a while: the month starts now.
    t.clock.set(new Date(second.getTime() + 10 * DAY));
    const lapsedAt = t.clock.now();
    await pay('monthly');
    const third = (await accountOf(me.user.id)).subscriptionEndDate!;
    const fromNow = new Date(lapsedAt);
    fromNow.setUTCMonth(fromNow.getUTCMonth() + 1);
    expect(third).toEqual(fromNow);
    // An annual plan extends its own date by a year and leaves the monthly one.
    await pay('annual');
    const account = await accountOf(me.user.id);
    const yearLater = new Date(lapsedAt);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(account).toMatchObject({
      subscriptionType: 'annual',
      annualSubscriptionEndDate: yearLater,
      subscriptionEndDate: third,
    });
    t.clock.set(start);
  });

  it("takes a refunded payment's period back and cancels its unpaid commission", async () => {
    const referrer = await signIn(t);
    const me = await signIn(t, { ...withoutTrial, referredById: referrer.user.id, createdAt: t.clock.now() });
    const invoiceId = `in_refund_${me.user.id}`;
    await deliver(
      invoicePaidEvent({ invoiceId, userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn' }),
    );
    const paidEnd = (await accountOf(me.user.id)).subscriptionEndDate!;
    expect(paidEnd.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const [commission] = await t.database.db
      .select()
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.referredUserId, me.user.id));
    expect(commission?.amount).toBe(240);

    // A partial refund leaves the period.
    stripe.recordInvoicePayment(`pi_${me.user.id}`, invoiceId);
    await deliver(
      chargeRefundedEvent({
        paymentIntent: `pi_${me.user.id}`,
        amount: 1200,
        currency: 'bgn',
        amountRefunded: 500,
      }),
    );
    expect((await accountOf(me.user.id)).subscriptionEndDate).toEqual(paidEnd);

    const refund = chargeRefundedEvent({ paymentIntent: `pi_${me.user.id}`, amount: 1200, currency: 'bgn' });
    expect((await deliver(refund)).statusCode).toBe(200);
    expect((await deliver(refund)).statusCode).toBe(200);
    const account = await accountOf(me.user.id);
    expect(account.subscriptionEndDate!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    expect((await me.call('GET', '/api/subscriptions/me/')).json()).toMatchObject({
      is_premium: false,
      payments: [{ status: 'refunded' }],
    });
    expect(
      await t.database.db
        .select()
        .from(affiliateCommissions)
        .where(eq(affiliateCommissions.referredUserId, me.user.id)),
    ).toEqual([]);
  });

  it('mails the user when a renewal fails, not when a first payment fails', async () => {
    const me = await signIn(t, { language: 'bg' });
    await t.runJobs();
    await deliver(
      invoicePaymentFailedEvent({
        userId: me.user.id,
        plan: 'monthly',
        amount: 1200,
        currency: 'bgn',
        billingReason: 'subscription_create',
      }),
    );
    expect(await t.runJobs()).toBe(0);
    await deliver(
      invoicePaymentFailedEvent({ userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn' }),
    );
    expect(await t.runJobs()).toBe(1);
    const message = await mail.nextTo(me.user.email);
    expect(message.subject).toBe('Абонаментът ви в Flashcards не беше подновен');
    expect(message.text).toContain('https://cards.test/subscriptions');
  });
});

describe('premium for everyone', () => {
  it('makes a free user premium: no daily card limit, is_premium true', async () => {
    const forAll = await buildTestApp({ PREMIUM_FOR_ALL: 'true', DAILY_CARD_LIMIT: '1' });
    const free = await buildTestApp({ DAILY_CARD_LIMIT: '1' });
    try {
      const answers = async (app: TestApp) => {
        const me = await signIn(app, { trialEndDate: null });
        const category = await buildCategory(app.database.db, { userId: me.user.id });
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          const card = await buildCard(app.database.db, { categoryId: category.id });
          statuses.push(
            (
              await me.call('PUT', `/api/card/card-text/${card.id}/`, {
                guesses_score: card.guessesScore + 1,
              })
            ).statusCode,
          );
        }
        return { statuses, premium: (await me.call('GET', '/api/user/users/me/')).json().is_premium };
      };
      expect(await answers(forAll)).toEqual({ statuses: [200, 200, 200], premium: true });
      expect(await answers(free)).toEqual({ statuses: [200, 403, 403], premium: false });
    } finally {
      await forAll.close();
      await free.close();
    }
  });
});
