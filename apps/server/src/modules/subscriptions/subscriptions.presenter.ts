import type { Affiliate, AffiliatePayoutRow, MySubscription } from '@flashcards/contract';
import { addMonths, formatMoney } from './money';
import type { CommissionRow, PaymentRow } from './subscriptions.repository';
import type { createSubscriptionsService } from './subscriptions.service';
import { COMMISSION_MONTHS, MIN_PAYOUT, shortName } from './subscriptions.service';

type Service = ReturnType<typeof createSubscriptionsService>;
type MySubscriptionData = Awaited<ReturnType<Service['mySubscription']>>;
type AffiliateData = Awaited<ReturnType<Service['affiliateDetails']>>;
type PayoutData = Awaited<ReturnType<Service['payoutRows']>>['rows'][number];

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

const toPayment = (payment: PaymentRow) => ({
  id: payment.id,
  plan: payment.plan as MySubscription['payments'][number]['plan'],
  amount: formatMoney(payment.amount),
  currency: payment.currency,
  status: payment.status,
  created_at: payment.createdAt.toISOString(),
  period_end: payment.periodEnd.toISOString(),
});

export const toMySubscription = (data: MySubscriptionData): MySubscription => ({
  subscription_type: data.account.subscriptionType,
  is_premium: data.isPremium,
  premium_for_all: data.premiumForAll,
  premium_until: iso(data.premiumUntil),
  trial_end_date: iso(data.account.trialEndDate),
  subscription_end_date: iso(data.account.subscriptionEndDate),
  annual_subscription_end_date: iso(data.account.annualSubscriptionEndDate),
  can_manage: data.canManage,
  payments: data.payments.map(toPayment),
});

const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);

/** The last 12 calendar months up to `now`'s, oldest first, each with its commissions' sum. */
const byMonth = (commissions: CommissionRow[], now: Date) => {
  const sums = new Map<string, number>();
  for (const commission of commissions) {
    const month = monthOf(commission.createdAt);
    sums.set(month, (sums.get(month) ?? 0) + commission.amount);
  }
  const firstOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return Array.from({ length: 12 }, (_, index) => {
    const month = monthOf(addMonths(firstOfMonth, index - 11));
    return { month, amount: formatMoney(sums.get(month) ?? 0) };
  });
};

export const toAffiliate = (
  { affiliate, referred, commissions }: AffiliateData,
  { publicUrl, rate, now }: { publicUrl: string; rate: number; now: Date },
): Affiliate => {
  const rows = commissions.map((row) => row.commission);
  const sum = (list: CommissionRow[]) => list.reduce((total, row) => total + row.amount, 0);
  return {
    user: affiliate.userId,
    affiliate_code: affiliate.affiliateCode,
    referral_link: `${publicUrl}/signup?ref=${encodeURIComponent(affiliate.affiliateCode)}`,
    created_at: affiliate.createdAt.toISOString(),
    affiliate_referrals: referred.map((person) => ({
      id: person.id,
      referral_date: person.createdAt.toISOString(),
      referred_user: { id: person.id, name: shortName(person) },
    })),
    commissions: commissions.map(({ commission, referred: person }) => ({
      id: commission.id,
      amount: formatMoney(commission.amount),
      created_at: commission.createdAt.toISOString(),
      is_paid: commission.isPaid,
      referred_user: { id: person?.id ?? 0, name: shortName(person) },
      payment_date: iso(commission.paidAt),
    })),
    by_month: byMonth(rows, now),
    total: formatMoney(sum(rows)),
    unpaid_total: formatMoney(sum(rows.filter((row) => !row.isPaid))),
    commission: rate.toFixed(2),
    commission_months: COMMISSION_MONTHS,
    min_payout: formatMoney(MIN_PAYOUT),
  };
};

export const toPayoutRow = (row: PayoutData): AffiliatePayoutRow => ({
  user: {
    id: row.user.id,
    email: row.user.email,
    first_name: row.user.firstName,
    last_name: row.user.lastName,
  },
  affiliate_code: row.code ?? '',
  referrals: row.referrals,
  unpaid_total: formatMoney(row.unpaid),
  unpaid_count: row.unpaidCount,
  paid_total: formatMoney(row.paid),
  payable: row.unpaid >= MIN_PAYOUT,
});
