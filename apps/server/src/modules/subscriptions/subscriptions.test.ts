import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import { type Session, signIn, signInAgain } from '../../../test/session';
import {
  type CheckoutSession,
  chargeRefundedEvent,
  checkoutCompletedEvent,
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  type StripeEvent,
  type StripeServer,
  signWebhook,
  startStripeServer,
} from '../../../test/stripe-server';
import { affiliateCommissions, checkoutSessions, paymentEvents, payments, users } from '../../db/schema';
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

/** Seconds since 1970 by the app's clock, as a signature's `t=` is written. */
const unixNow = () => Math.floor(t.clock.now().getTime() / 1000);

/** Delivers an event signed now by the app's clock, unless the test passes a signature (null: none). */
const deliver = (event: StripeEvent | string, signature?: string | null, secret = WEBHOOK_SECRET) => {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature ?? signWebhook(payload, secret, unixNow());
  return t.app.inject({ method: 'POST', url: '/api/subscriptions/webhook/', headers, payload });
};

const accountOf = async (id: number) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
};

const withoutTrial = { trialEndDate: null } as const;

/** The moment one calendar month after `moment` (UTC), as the server counts a monthly period. */
const monthAfter = (moment: Date) => {
  const later = new Date(moment);
  later.setUTCMonth(later.getUTCMonth() + 1);
  return later;
};

/** A checkout of the plan through the API: the provider's session as the test Stripe server keeps it. */
const checkout = async (me: Session, plan = 'monthly', currency = 'bgn') => {
  const response = await me.call('POST', '/api/subscriptions/checkout/', { plan, currency });
  expect(response.statusCode, response.body).toBe(200);
  return stripe.checkoutSessions.at(-1)!;
};

/** Pays the checkout at the test provider: its subscription exists and its two events are delivered. */
const payCheckout = async (session: CheckoutSession) => {
  for (const event of stripe.completeCheckout(session)) expect((await deliver(event)).statusCode).toBe(200);
};

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
      success_url: 'https://cards.test/subscriptions-success?session_id={CHECKOUT_SESSION_ID}',
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
    // An annual plan bought while the month runs starts when the month ends, and leaves the monthly date.
    await pay('annual');
    const account = await accountOf(me.user.id);
    const yearLater = new Date(third);
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

describe('a plan bought during the trial', () => {
  it('starts when the trial ends: premium until the trial end plus the period, on the receipt too', async () => {
    const trialEnd = new Date(t.clock.now().getTime() + 10 * DAY);
    const me = await signIn(t, { trialEndDate: trialEnd });
    await t.runJobs();
    await payCheckout(await checkout(me));

    const end = monthAfter(trialEnd);
    expect((await accountOf(me.user.id)).subscriptionEndDate).toEqual(end);
    const mine = (await me.call('GET', '/api/subscriptions/me/')).json();
    expect(mine).toMatchObject({
      premium_until: end.toISOString(),
      trial_end_date: trialEnd.toISOString(),
      payments: [{ plan: 'monthly', period_end: end.toISOString() }],
    });
    expect(await t.runJobs()).toBeGreaterThanOrEqual(1);
    const receipt = await mail.nextTo(me.user.email);
    const readable = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(end);
    expect(receipt.text).toContain(readable);

    // Past the trial's end the bought month runs on.
    t.clock.advance(20 * DAY);
    try {
      const later = await signInAgain(t, me);
      expect((await later.call('GET', '/api/subscriptions/me/')).json().is_premium).toBe(true);
    } finally {
      t.clock.advance(-20 * DAY);
    }
  });

  it('an annual plan bought during the trial adds its year after the trial too', async () => {
    const trialEnd = new Date(t.clock.now().getTime() + 3 * DAY);
    const me = await signIn(t, { trialEndDate: trialEnd });
    await payCheckout(await checkout(me, 'annual', 'eur'));
    const yearLater = new Date(trialEnd);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect((await accountOf(me.user.id)).annualSubscriptionEndDate).toEqual(yearLater);
  });
});

describe('the payment of a checkout', () => {
  const statusOf = (me: Session, session: CheckoutSession) =>
    me.call('GET', `/api/subscriptions/checkout/${session.id}/`);

  it('is processing until its own payment is recorded, though the trial makes the account premium', async () => {
    const trialEnd = new Date(t.clock.now().getTime() + 5 * DAY);
    const me = await signIn(t, { trialEndDate: trialEnd });
    const session = await checkout(me);
    expect((await me.call('GET', '/api/subscriptions/me/')).json().is_premium).toBe(true);
    expect((await statusOf(me, session)).json()).toEqual({
      status: 'processing',
      plan: 'monthly',
      premium_until: null,
    });

    const [completed, paid] = stripe.completeCheckout(session);
    expect((await deliver(completed!)).statusCode).toBe(200);
    expect((await statusOf(me, session)).json().status).toBe('processing');
    expect((await deliver(paid!)).statusCode).toBe(200);
    expect((await statusOf(me, session)).json()).toEqual({
      status: 'paid',
      plan: 'monthly',
      premium_until: monthAfter(trialEnd).toISOString(),
    });
  });

  it('is paid whichever of the two events arrives first, and not by an earlier payment', async () => {
    const me = await signIn(t, withoutTrial);
    await payCheckout(await checkout(me));
    const session = await checkout(me, 'annual');
    expect((await statusOf(me, session)).json().status).toBe('processing');
    const [completed, paid] = stripe.completeCheckout(session);
    expect((await deliver(paid!)).statusCode).toBe(200);
    expect((await statusOf(me, session)).json().status).toBe('processing');
    expect((await deliver(completed!)).statusCode).toBe(200);
    expect((await statusOf(me, session)).json()).toMatchObject({ status: 'paid', plan: 'annual' });
  });

  it("answers 404 for another user's checkout and for an unknown one", async () => {
    const owner = await signIn(t);
    const session = await checkout(owner);
    const other = await signIn(t);
    for (const response of [
      await statusOf(other, session),
      await other.call('GET', '/api/subscriptions/checkout/cs_test_unknown/'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('webhook signatures', () => {
  it('are refused when dated more than 300 seconds ahead or behind, or without a readable time', async () => {
    const me = await signIn(t, withoutTrial);
    /** A genuine signature whose time is `offset` seconds from now by the app's clock. */
    const signedAt = (offset: number) => {
      const event = invoicePaidEvent({ userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn' });
      const payload = JSON.stringify(event);
      return deliver(payload, signWebhook(payload, WEBHOOK_SECRET, unixNow() + offset));
    };
    // Not a number: Stripe's client reads it as NaN, signs "NaN.<body>" and lets any age through.
    for (const offset of [301, 3600, 10 * 365 * 86_400, -301, Number.NaN]) {
      const response = await signedAt(offset);
      expect(response.statusCode, `${offset}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_signature' });
    }
    expect(await accountOf(me.user.id)).toMatchObject({ subscriptionEndDate: null });
    // Within the tolerance either way, the event is taken.
    expect((await signedAt(299)).statusCode).toBe(200);
    expect((await signedAt(-299)).statusCode).toBe(200);
  });
});

describe('signed events the server cannot read', () => {
  const signed = (body: unknown) => deliver(typeof body === 'string' ? body : JSON.stringify(body));

  it('answer 400 invalid_event when the body is no event at all', async () => {
    for (const body of [
      [],
      {},
      'null',
      '"text"',
      '42',
      { id: 5, type: 'invoice.paid' },
      { id: 'evt_no_type' },
      { id: 'evt_\u0000nul', type: 'invoice.paid' },
      { id: 'evt_\ud800lone', type: 'invoice.paid' },
      { id: 'x'.repeat(300), type: 'invoice.paid' },
    ]) {
      const response = await signed(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_event', detail: expect.any(String) });
    }
  });

  it('are acknowledged and ignored when a handled object is missing or broken', async () => {
    const me = await signIn(t, withoutTrial);
    type Event = StripeEvent & { data: { object: Record<string, unknown> } };
    const paid = () =>
      invoicePaidEvent({ userId: me.user.id, plan: 'monthly', amount: 1200, currency: 'bgn' }) as Event;
    const withObject = (object: unknown, event: StripeEvent = paid()) => ({ ...event, data: { object } });
    const bodies = [
      { ...paid(), data: undefined },
      { ...paid(), data: {} },
      withObject(null),
      withObject([]),
      withObject('invoice'),
      withObject({ ...paid().data.object, amount_paid: 2 ** 31 }),
      withObject({ ...paid().data.object, amount_paid: 1e308 }),
      withObject({ ...paid().data.object, amount_paid: -5 }),
      withObject({ ...paid().data.object, amount_paid: '1200' }),
      withObject({ ...paid().data.object, id: 'in_\u0000' }),
      withObject({ ...paid().data.object, customer: 12345 }),
      withObject({ ...paid().data.object, parent: 'subscription' }),
      withObject(
        { id: 'cs_broken', customer: ['cus'], client_reference_id: String(me.user.id) },
        checkoutCompletedEvent({ userId: me.user.id, plan: 'monthly', customer: 'cus_x' }),
      ),
      withObject(
        { refunded: 'yes', payment_intent: 'pi_x' },
        chargeRefundedEvent({ paymentIntent: 'pi_x', amount: 1, currency: 'bgn' }),
      ),
    ];
    for (const [index, body] of bodies.entries()) {
      const response = await signed(body);
      expect(response.statusCode, `${index}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    // Each was recorded, so a redelivery is not tried again, and none changed the account.
    const ids = bodies.map((body) => body.id);
    const recorded = await t.database.db.select().from(paymentEvents);
    expect(ids.filter((id) => !recorded.some((row) => row.providerEventId === id))).toEqual([]);
    expect(await accountOf(me.user.id)).toMatchObject({ subscriptionEndDate: null, stripeCustomerId: null });
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, me.user.id))).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('cancels its subscriptions at the provider first and keeps its payments without the person', async () => {
    const me = await signIn(t, withoutTrial);
    await payCheckout(await checkout(me));
    const customer = (await accountOf(me.user.id)).stripeCustomerId!;
    const [running] = [...stripe.subscriptions.values()].filter((row) => row.customer === customer);
    const ended = stripe.addSubscription(customer);
    ended.status = 'canceled';
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, me.user.id));

    const response = await me.call('DELETE', '/api/remove-user/');
    expect(response.statusCode, response.body).toBe(204);
    expect(running?.status).toBe('canceled');
    expect(await t.database.db.select().from(users).where(eq(users.id, me.user.id))).toEqual([]);
    expect(
      await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, me.user.id)),
    ).toEqual([]);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toMatchObject({ userId: null, amount: 1200, currency: 'bgn', status: 'paid' });

    // A refund of it afterwards is still recorded.
    stripe.recordInvoicePayment(`pi_deleted_${payment!.id}`, payment!.providerInvoiceId);
    const refund = chargeRefundedEvent({
      paymentIntent: `pi_deleted_${payment!.id}`,
      amount: 1200,
      currency: 'bgn',
    });
    expect((await deliver(refund)).statusCode).toBe(200);
    const [refunded] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(refunded?.status).toBe('refunded');
  });

  it('stops and deletes nothing when the provider refuses to cancel', async () => {
    const me = await signIn(t, { ...withoutTrial, language: 'bg' });
    await payCheckout(await checkout(me));
    const customer = (await accountOf(me.user.id)).stripeCustomerId!;
    stripe.failSubscriptionCalls(500);
    try {
      const response = await me.call('DELETE', '/api/remove-user/', undefined, { 'accept-language': 'bg' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'subscription_not_cancelled',
        detail: expect.stringContaining('профилът ви не е изтрит'),
      });
    } finally {
      stripe.failSubscriptionCalls(null);
    }
    expect(await accountOf(me.user.id)).toMatchObject({ id: me.user.id });
    expect([...stripe.subscriptions.values()].find((row) => row.customer === customer)?.status).toBe(
      'active',
    );
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, me.user.id))).toHaveLength(
      1,
    );
  });

  it('stops when the provider cannot be reached, and lets an account that never paid go', async () => {
    const unreachable = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_WEBHOOK_SECRET: 'whsec_down',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const payer = await signIn(unreachable, { stripeCustomerId: 'cus_unreachable' });
      const response = await payer.call('DELETE', '/api/remove-user/');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'subscription_not_cancelled' });
      const [still] = await unreachable.database.db.select().from(users).where(eq(users.id, payer.user.id));
      expect(still).toBeDefined();

      const neverPaid = await signIn(unreachable);
      expect((await neverPaid.call('DELETE', '/api/remove-user/')).statusCode).toBe(204);
    } finally {
      await unreachable.close();
    }
  });
});
