import type { Affiliate, AffiliatePayoutRow, MySubscription, Pricing } from '@flashcards/contract';

/** Test data of the subscription pages, shaped like the server's answers. */
export const pricing = (fields: Partial<Pricing> = {}): Pricing => ({
  plans: [
    {
      id: 'monthly',
      period: 'month',
      gold: false,
      prices: {
        bgn: { amount: '12.00', per_week: '2.77', saving: '0.00' },
        eur: { amount: '6.00', per_week: '1.38', saving: '0.00' },
      },
      ai_quota: { text: 50, images: 50 },
    },
    {
      id: 'annual',
      period: 'year',
      gold: false,
      prices: {
        bgn: { amount: '114.00', per_week: '2.19', saving: '30.00' },
        eur: { amount: '58.00', per_week: '1.12', saving: '14.00' },
      },
      ai_quota: { text: 50, images: 50 },
    },
    {
      id: 'gold_monthly',
      period: 'month',
      gold: true,
      prices: {
        bgn: { amount: '20.00', per_week: '4.62', saving: '0.00' },
        eur: { amount: '10.00', per_week: '2.31', saving: '0.00' },
      },
      ai_quota: { text: 150, images: 150 },
    },
    {
      id: 'gold_annual',
      period: 'year',
      gold: true,
      prices: {
        bgn: { amount: '190.00', per_week: '3.65', saving: '50.00' },
        eur: { amount: '97.00', per_week: '1.87', saving: '23.00' },
      },
      ai_quota: { text: 150, images: 150 },
    },
  ],
  payments_enabled: true,
  premium_for_all: false,
  trial_days: 30,
  trial_promotion_until: null,
  free: { daily_card_limit: 30, active_items: 1, ai_quota: { text: 20, images: 10 } },
  ...fields,
});

export const mySubscription = (fields: Partial<MySubscription> = {}): MySubscription => ({
  subscription_type: 'none',
  is_premium: false,
  premium_for_all: false,
  premium_until: null,
  trial_end_date: null,
  subscription_end_date: null,
  annual_subscription_end_date: null,
  can_manage: false,
  payments: [],
  ...fields,
});

export const affiliate = (fields: Partial<Affiliate> = {}): Affiliate => ({
  user: 1,
  affiliate_code: 'ANNA7',
  referral_link: 'https://cards.example/signup?ref=ANNA7',
  created_at: '2026-01-10T10:00:00Z',
  affiliate_referrals: [
    { id: 1, referral_date: '2026-03-02T09:00:00Z', referred_user: { id: 2, name: 'Boris P.' } },
  ],
  commissions: [
    {
      id: 1,
      amount: '2.40',
      created_at: '2026-03-05T09:00:00Z',
      is_paid: true,
      referred_user: { id: 2, name: 'Boris P.' },
      payment_date: '2026-04-01T09:00:00Z',
    },
    {
      id: 2,
      amount: '22.80',
      created_at: '2026-04-05T09:00:00Z',
      is_paid: false,
      referred_user: { id: 2, name: 'Boris P.' },
      payment_date: null,
    },
  ],
  by_month: [
    { month: '2026-03', amount: '2.40' },
    { month: '2026-04', amount: '22.80' },
  ],
  total: '25.20',
  unpaid_total: '22.80',
  commission: '0.20',
  commission_months: 12,
  min_payout: '100.00',
  ...fields,
});

export const payoutRow = (
  id: number,
  name: string,
  fields: Partial<AffiliatePayoutRow> = {},
): AffiliatePayoutRow => ({
  user: { id, email: `${name.toLowerCase()}@example.com`, first_name: name, last_name: 'Petrova' },
  affiliate_code: `CODE${id}`,
  referrals: 3,
  unpaid_total: '120.00',
  unpaid_count: 4,
  paid_total: '0.00',
  payable: true,
  ...fields,
});
