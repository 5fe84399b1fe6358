import { z } from 'zod';
import { idParams, pageValue, paginated } from './common';
import { defineRoute } from './route';

/** The plans on sale (spec: monthly, annual, gold monthly, gold annual). */
export const PLANS = ['monthly', 'annual', 'gold_monthly', 'gold_annual'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

/** Currencies a plan is priced in: Bulgarian lev and euro (ISO 4217, lower case as Stripe writes them). */
export const CURRENCIES = ['bgn', 'eur'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** Unpaid commissions an affiliate must have before staff pay them out (spec: 100 lv). */
export const AFFILIATE_MIN_PAYOUT_BGN = '100.00';

/**
 * An amount of money as a decimal string with two places ("12.00"), as Django REST framework writes
 * decimals; the server keeps whole minor units (stotinki, cents) and never floats.
 */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * One price of a plan in one currency. `per_week` is the price spread over the weeks of its period
 * (52/12 a month, 52 a year), rounded to the cent; `saving` is what the annual plans save against twelve
 * months of the matching monthly plan ("0.00" for the monthly ones).
 */
export const planPriceSchema = z.object({
  amount: moneySchema,
  per_week: moneySchema,
  saving: moneySchema,
});

export const planInfoSchema = z.object({
  id: planSchema,
  period: z.enum(['month', 'year']),
  /** Gold plans also get the larger AI quota. */
  gold: z.boolean(),
  prices: z.object({ bgn: planPriceSchema, eur: planPriceSchema }),
  /** AI generations a month on this plan. */
  ai_quota: z.object({ text: z.number().int(), images: z.number().int() }),
});
export type PlanInfo = z.infer<typeof planInfoSchema>;

/**
 * The public pricing: the plans from the server's configuration, whether this server takes payments
 * (`payments_enabled`: a payment provider is configured), whether everyone is premium here
 * (`PREMIUM_FOR_ALL`, a school's own server), and the free tier's numbers the page compares against.
 */
export const pricingSchema = z.object({
  plans: z.array(planInfoSchema),
  payments_enabled: z.boolean(),
  premium_for_all: z.boolean(),
  trial_days: z.number().int(),
  /** New accounts' trial lasts at least until this day while the promotion runs (ISO date), else null. */
  trial_promotion_until: z.string().nullable(),
  free: z.object({
    daily_card_limit: z.number().int(),
    /** Active learning paths, tests and exams a free account may have at a time, each. */
    active_items: z.number().int(),
    ai_quota: z.object({ text: z.number().int(), images: z.number().int() }),
  }),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** A payment the provider reported (spec: Payment). `refunded` ones no longer count. */
export const paymentSchema = z.object({
  id: z.number().int(),
  plan: planSchema,
  amount: moneySchema,
  currency: currencySchema,
  status: z.enum(['paid', 'refunded']),
  created_at: z.string(),
  /** The end date this payment moved the subscription to. */
  period_end: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * The signed-in user's subscription: the plan bought last (`none` if never), whether they are premium now
 * and until when (`premium_until`: the latest of the three end dates, null when `premium_for_all`), the
 * three dates of the spec's User, whether a provider's billing portal can be opened for them, and their
 * payments, newest first.
 */
export const mySubscriptionSchema = z.object({
  subscription_type: z.enum(['none', ...PLANS]),
  is_premium: z.boolean(),
  premium_for_all: z.boolean(),
  premium_until: z.string().nullable(),
  trial_end_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  annual_subscription_end_date: z.string().nullable(),
  can_manage: z.boolean(),
  payments: z.array(paymentSchema),
});
export type MySubscription = z.infer<typeof mySubscriptionSchema>;

export const checkoutBody = z.object({ plan: planSchema, currency: currencySchema });
export type CheckoutBody = z.infer<typeof checkoutBody>;

/**
 * A checkout I started, as the page the provider sends me back to asks about it: `processing` until the
 * provider's webhook recorded its first payment, then `paid`, with the end of my premium from then.
 */
export const checkoutStatusSchema = z.object({
  status: z.enum(['processing', 'paid']),
  plan: planSchema,
  premium_until: z.string().nullable(),
});

/** The provider's id of a checkout session (Stripe's `cs_...`), as the success URL carries it. */
export const checkoutSessionId = z.string().regex(/^[\x21-\x7e]{1,255}$/);

/** Where the browser goes next: the provider's checkout page or billing portal. */
export const redirectUrlSchema = z.object({ url: z.string() });

/**
 * A referred or paying user as an affiliate sees them: the first name and the initial of the last name
 * only, since the affiliate is not their friend.
 */
export const referredUserSchema = z.object({ id: z.number().int(), name: z.string() });

/** Spec: Affiliate. Commissions are in lev (euro payments converted at the fixed rate 1.95583). */
export const affiliateSchema = z.object({
  user: z.number().int(),
  affiliate_code: z.string(),
  /** The referral link to share: the site's sign-up page with `?ref=CODE`. */
  referral_link: z.string(),
  created_at: z.string(),
  affiliate_referrals: z.array(
    z.object({ id: z.number().int(), referral_date: z.string(), referred_user: referredUserSchema }),
  ),
  commissions: z.array(
    z.object({
      id: z.number().int(),
      amount: moneySchema,
      created_at: z.string(),
      is_paid: z.boolean(),
      referred_user: referredUserSchema,
      /** When staff paid it out; null while unpaid. */
      payment_date: z.string().nullable(),
    }),
  ),
  /** Commissions by calendar month (`YYYY-MM`, oldest first, the last 12 months with a zero for none). */
  by_month: z.array(z.object({ month: z.string(), amount: moneySchema })),
  /** Every commission ever, and the part not yet paid out. */
  total: moneySchema,
  unpaid_total: moneySchema,
  /** The affiliate's share of each payment, e.g. "0.20" (`AFFILIATE_RATE`). */
  commission: z.string(),
  /** Months after a referred user's sign-up in which their payments earn a commission (12). */
  commission_months: z.number().int(),
  min_payout: moneySchema,
});
export type Affiliate = z.infer<typeof affiliateSchema>;

/** An affiliate as staff see them for payouts. */
export const affiliatePayoutRowSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  affiliate_code: z.string(),
  referrals: z.number().int(),
  unpaid_total: moneySchema,
  unpaid_count: z.number().int(),
  paid_total: moneySchema,
  /** The unpaid total has reached the minimum payout. */
  payable: z.boolean(),
});
export type AffiliatePayoutRow = z.infer<typeof affiliatePayoutRowSchema>;

export const payoutSchema = z.object({
  paid_count: z.number().int(),
  amount: moneySchema,
  paid_at: z.string(),
});

const tag = 'subscriptions';
const staffTag = 'staff';
const notConfigured = 'Without a payment provider configured on this server: 503 `payments_not_configured`.';

export const subscriptionRoutes = {
  plans: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/plans/',
    access: 'public',
    tag,
    summary: 'The plans and their prices in lev and euro, with per-week prices and savings (no sign-in)',
    response: pricingSchema,
  }),
  mySubscription: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/me/',
    access: 'user',
    tag,
    summary: 'My plan, premium dates and payments',
    response: mySubscriptionSchema,
  }),
  checkout: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/checkout/',
    access: 'user',
    tag,
    summary: "Start buying a plan: the URL of the provider's checkout page",
    description:
      "Only the provider's signed webhook makes the account premium, never this call or the browser. " +
      'A plan bought while the account is premium (its trial or another plan) starts when that premium ' +
      'ends. The provider sends the buyer back to `/subscriptions-success?session_id=...`. ' +
      'When everyone is premium on this server (`PREMIUM_FOR_ALL`): 409 `premium_for_all`. ' +
      notConfigured,
    body: checkoutBody,
    response: redirectUrlSchema,
    errors: [409, 503],
  }),
  checkoutStatus: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/checkout/{session_id}/',
    access: 'user',
    tag,
    summary: 'Whether the payment of a checkout I started has been recorded',
    description:
      '`processing` until the webhook recorded the first payment of the subscription this checkout ' +
      "started, whatever else the account has; then `paid` with `premium_until`. Another user's or an " +
      'unknown checkout: 404.',
    params: z.object({ session_id: checkoutSessionId }),
    response: checkoutStatusSchema,
    errors: [404],
  }),
  portal: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/portal/',
    access: 'user',
    tag,
    summary: "The URL of the provider's billing portal, to cancel or change the card",
    description: `Someone who never paid has nothing to manage: 404. ${notConfigured}`,
    response: redirectUrlSchema,
    errors: [404, 503],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/webhook/',
    access: 'public',
    tag,
    summary: "The payment provider's events (Stripe's signed webhook)",
    description:
      'The raw body is verified against the `Stripe-Signature` header with `STRIPE_WEBHOOK_SECRET`; a ' +
      'missing or wrong signature, or one dated more than 300 seconds before or after its arrival, answers ' +
      '400 `invalid_signature` and changes nothing; a signed body that is no event (no `id` or `type`) ' +
      '400 `invalid_event`. A handled event whose object the server cannot read (a field missing or of ' +
      'the wrong type, an amount beyond the integer range) is acknowledged and ignored. Each event is ' +
      'recorded once: the same event again answers 200 and changes nothing. Handled: a paid invoice (first ' +
      'payment and renewals) extends the plan from the latest of now, the trial end and the end of either plan; ' +
      'a failed renewal mails the user; a refund takes the paid period back. ' +
      notConfigured,
    body: z.unknown(),
    response: z.object({ received: z.boolean() }),
    errors: [503],
  }),
};

export const affiliateRoutes = {
  affiliateDetails: defineRoute({
    method: 'GET',
    path: '/api/affiliate/details/',
    access: 'user',
    tag: 'affiliates',
    summary: 'My referral code and link, the people I referred, and my commissions by month',
    description: 'Every user takes part: the first call gives an account its code if it has none yet.',
    response: affiliateSchema,
  }),
};

export const adminAffiliateRoutes = {
  adminAffiliates: defineRoute({
    method: 'GET',
    path: '/api/admin/affiliates/',
    access: 'staff',
    tag: staffTag,
    summary: 'Affiliates with commissions, the largest unpaid total first (paginated)',
    query: z.object({ page: pageValue, payable: z.enum(['true', 'false']).optional() }),
    response: paginated(affiliatePayoutRowSchema),
  }),
  payAffiliate: defineRoute({
    method: 'PUT',
    path: '/api/admin/affiliates/{id}/payout/',
    access: 'staff',
    tag: staffTag,
    summary: "Mark all of an affiliate's unpaid commissions paid (`id`: the affiliate's user id)",
    description:
      'Only from the minimum payout (100 lv) of unpaid commissions: below it, 409 `payout_below_minimum`.',
    params: idParams,
    response: payoutSchema,
    errors: [404, 409],
  }),
  markCommissionPaid: defineRoute({
    method: 'PUT',
    path: '/api/admin/commissions/{id}/paid/',
    access: 'staff',
    tag: staffTag,
    summary: 'Mark one commission paid',
    description:
      "Only while its affiliate's unpaid total is at least the minimum payout (100 lv): otherwise 409 " +
      '`payout_below_minimum`. A commission already paid answers 409 `already_paid`.',
    params: idParams,
    response: payoutSchema,
    errors: [404, 409],
  }),
};
