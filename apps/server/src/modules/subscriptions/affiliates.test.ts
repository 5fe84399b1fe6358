import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildUser, PASSWORD } from '../../../test/factories';
import { type Session, signIn } from '../../../test/session';
import {
  invoicePaidEvent,
  type StripeServer,
  startStripeServer,
  webhookRequest,
} from '../../../test/stripe-server';
import { users } from '../../db/schema';
import { DAY } from '../../lib/clock';

const SECRET = 'whsec_affiliates';
let stripe: StripeServer;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeServer();
  t = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_affiliates',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://cards.test',
    ACCESS_TOKEN_MINUTES: String(500 * 24 * 60),
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const details = async (session: Session) => {
  const response = await session.call('GET', '/api/affiliate/details/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A user the affiliate referred, signed up now (by the test's clock). */
const referredBy = async (affiliate: Session, names = {}) =>
  buildUser(t.database.db, { referredById: affiliate.user.id, createdAt: t.clock.now(), ...names });

const pay = async (userId: number, amount: number, currency: 'bgn' | 'eur', plan = 'monthly') => {
  const response = await t.app.inject(
    webhookRequest(invoicePaidEvent({ userId, plan, amount, currency }), SECRET, t.clock.now()),
  );
  expect(response.statusCode, response.body).toBe(200);
};

const register = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/users/',
    payload: {
      first_name: 'Ana',
      last_name: 'Petrova',
      password: PASSWORD,
      re_password: PASSWORD,
      accepted_terms: true,
      ...body,
    },
  });

describe('the affiliate code', () => {
  it('is given on the first call, readable, the same afterwards, with the sign-up link', async () => {
    const me = await signIn(t);
    const first = await details(me);
    expect(first.affiliate_code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.referral_link).toBe(`https://cards.test/signup?ref=${first.affiliate_code}`);
    expect(first).toMatchObject({
      user: me.user.id,
      affiliate_referrals: [],
      commissions: [],
      total: '0.00',
      unpaid_total: '0.00',
      commission: '0.20',
      commission_months: 12,
      min_payout: '100.00',
    });
    expect(first.by_month).toHaveLength(12);
    expect((await details(me)).affiliate_code).toBe(first.affiliate_code);
    expect((await details(await signIn(t))).affiliate_code).not.toBe(first.affiliate_code);
  });

  it('records the referral at sign-up, once: a second sign-up with the e-mail changes nothing', async () => {
    const affiliate = await signIn(t);
    const code = (await details(affiliate)).affiliate_code;
    const email = `referred-${affiliate.user.id}@example.com`;
    expect((await register({ email, ref_code: code })).statusCode).toBe(201);
    const other = await signIn(t);
    const otherCode = (await details(other)).affiliate_code;
    expect((await register({ email, ref_code: otherCode })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.referredById).toBe(affiliate.user.id);
    expect((await details(affiliate)).affiliate_referrals).toEqual([
      expect.objectContaining({ id: row!.id, referred_user: { id: row!.id, name: 'Ana P.' } }),
    ]);
    expect((await details(other)).affiliate_referrals).toEqual([]);
  });
});

describe('commissions', () => {
  it('earn the rate of each payment in lev, euro converted, within 12 months of the sign-up', async () => {
    const affiliate = await signIn(t);
    const lev = await referredBy(affiliate, { firstName: 'Ivan', lastName: 'Georgiev' });
    const euro = await referredBy(affiliate);
    await pay(lev.id, 1200, 'bgn');
    // 6.00 EUR = 11.73 lv; 20% of it, to the stotinka.
    await pay(euro.id, 600, 'eur');
    const start = t.clock.now();
    try {
      t.clock.advance(13 * 30 * DAY);
      await pay(lev.id, 1200, 'bgn');
    } finally {
      t.clock.set(start);
    }
    const mine = await details(affiliate);
    expect(mine.commissions.map((c: { amount: string }) => c.amount).sort()).toEqual(['2.35', '2.40']);
    expect(mine.commissions).toContainEqual(
      expect.objectContaining({
        amount: '2.40',
        is_paid: false,
        payment_date: null,
        referred_user: { id: lev.id, name: 'Ivan G.' },
      }),
    );
    expect(mine).toMatchObject({ total: '4.75', unpaid_total: '4.75' });
    expect(mine.by_month.at(-1)).toEqual({ month: start.toISOString().slice(0, 7), amount: '4.75' });
  });

  it('are paid out by staff only from 100 lv, all at once; one paid commission cannot be paid again', async () => {
    const staff = await signIn(t, { isStaff: true });
    const affiliate = await signIn(t);
    const referred = await referredBy(affiliate);
    // 20% of 475.00 lv is 95.00 lv: below the minimum.
    await pay(referred.id, 47500, 'bgn', 'gold_annual');
    const payout = `/api/admin/affiliates/${affiliate.user.id}/payout/`;
    const below = await staff.call('PUT', payout);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'payout_below_minimum' });
    const [first] = (await details(affiliate)).commissions;
    expect((await staff.call('PUT', `/api/admin/commissions/${first.id}/paid/`)).statusCode).toBe(409);

    const listed = async (query = '') => {
      const response = await staff.call('GET', `/api/admin/affiliates/${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const notPayable = await listed('?payable=false');
    expect(notPayable.results.map((row: { user: { id: number } }) => row.user.id)).toContain(
      affiliate.user.id,
    );

    await pay(referred.id, 2500, 'bgn');
    const rows = (await listed('?payable=true')).results;
    expect(rows).toContainEqual(
      expect.objectContaining({
        user: expect.objectContaining({ id: affiliate.user.id }),
        unpaid_total: '100.00',
        unpaid_count: 2,
        paid_total: '0.00',
        referrals: 1,
        payable: true,
      }),
    );
    const all = (await listed()).results.map((row: { unpaid_total: string }) => Number(row.unpaid_total));
    expect(all).toEqual([...all].sort((a, b) => b - a));

    const paid = await staff.call('PUT', payout);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid_count: 2, amount: '100.00' });
    const after = await details(affiliate);
    expect(after).toMatchObject({ total: '100.00', unpaid_total: '0.00' });
    expect(
      after.commissions.every(
        (c: { is_paid: boolean; payment_date: string | null }) => c.is_paid && c.payment_date,
      ),
    ).toBe(true);
    const again = await staff.call('PUT', `/api/admin/commissions/${first.id}/paid/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_paid');
    expect((await staff.call('PUT', '/api/admin/commissions/999999/paid/')).statusCode).toBe(404);
  });

  it('pays one commission while the unpaid total reaches the minimum', async () => {
    const staff = await signIn(t, { isStaff: true });
    const affiliate = await signIn(t);
    const referred = await referredBy(affiliate);
    await pay(referred.id, 60000, 'bgn', 'gold_annual');
    const [commission] = (await details(affiliate)).commissions;
    const paid = await staff.call('PUT', `/api/admin/commissions/${commission.id}/paid/`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid_count: 1, amount: '120.00' });
  });
});
