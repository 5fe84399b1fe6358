import { randomInt } from 'node:crypto';
import { type Currency, PLANS, type Plan, type Pricing } from '@flashcards/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { ApiError, conflict, notFound } from '../../lib/api-error';
import { type Clock, DAY } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';
import type { JobQueue } from '../../lib/jobs';
import type { Mail } from '../../lib/mailer';
import { noticeMail } from '../../lib/notice-mail';
import { translate } from '../../lib/translate';
import { queueMail } from '../mail/mail.jobs';
import { addMonths, addPeriod, formatMoney, formatMoneyFor, periodOf, toStotinki } from './money';
import {
  InvalidEventError,
  InvalidSignatureError,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider';
import { subscriptionPolicy as policy } from './subscriptions.policy';
import * as repo from './subscriptions.repository';

/** Unpaid commissions, in stotinki, an affiliate needs before a payout (spec: 100 lv). */
export const MIN_PAYOUT = 100_00;
/** Months after a referred user's sign-up in which their payments earn a commission. */
export const COMMISSION_MONTHS = 12;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** Days before a trial's end that its owner is reminded. */
const TRIAL_REMINDER_DAYS = 3;

const endColumnOf = (plan: Plan) =>
  periodOf(plan) === 'month' ? ('subscriptionEndDate' as const) : ('annualSubscriptionEndDate' as const);

const isCurrency = (value: string): value is Currency => value === 'bgn' || value === 'eur';

/**
 * Where a newly paid period starts: when the premium the account already has ends (its trial or either
 * plan), or now. A plan bought during the trial adds to it instead of running alongside it.
 */
export const paidPeriodStart = (
  account: Pick<repo.UserRow, 'trialEndDate' | 'subscriptionEndDate' | 'annualSubscriptionEndDate'>,
  now: Date,
) =>
  [account.trialEndDate, account.subscriptionEndDate, account.annualSubscriptionEndDate].reduce<Date>(
    (latest, end) => (end && end > latest ? end : latest),
    now,
  );

const startOfUtcDay = (moment: Date) =>
  new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

/**
 * A new account's trial end: `TRIAL_DAYS` from now, or, while a promotion runs (today is before
 * `TRIAL_PROMOTION_UNTIL`), the end of the promotion's last day when that is later.
 */
export const trialEndFor = (config: Config, now: Date) => {
  const regular = new Date(now.getTime() + config.limits.trialDays * DAY);
  const until = config.subscriptions.trialPromotionUntil;
  if (!until) return regular;
  const promotionDay = new Date(`${until}T00:00:00Z`);
  if (startOfUtcDay(now) >= promotionDay) return regular;
  const promotionEnd = new Date(promotionDay.getTime() + DAY);
  return promotionEnd > regular ? promotionEnd : regular;
};

const randomCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A person as an affiliate sees them: first name and the initial of the last name. */
export const shortName = (person: { firstName: string; lastName: string } | null) =>
  person ? [person.firstName, person.lastName ? `${person.lastName[0]}.` : ''].filter(Boolean).join(' ') : '';

export type SubscriptionsDeps = {
  db: Database;
  config: Config;
  clock: Clock;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  entitlements: Entitlements;
  provider: PaymentProvider | undefined;
};

export const createSubscriptionsService = ({
  db,
  config,
  clock,
  jobs,
  log,
  entitlements,
  provider,
}: SubscriptionsDeps) => {
  const { prices, premiumForAll, affiliateRate } = config.subscriptions;
  const site = config.site.name;

  /** 503 with its own code (the contract's `payments_not_configured`, `payments_unavailable`). */
  const paymentsUnavailable = (code: 'payments_not_configured' | 'payments_unavailable') =>
    new ApiError(503, code, { key: code });

  const configuredProvider = () => {
    if (!provider) throw paymentsUnavailable('payments_not_configured');
    return provider;
  };

  /** A call to the provider; its failure (unreachable, refused) is the provider's, answered 503. */
  const askProvider = async <T>(call: (payments: PaymentProvider) => Promise<T>) => {
    const payments = configuredProvider();
    try {
      return await call(payments);
    } catch (error) {
      log.warn({ err: error }, 'the payment provider failed');
      throw paymentsUnavailable('payments_unavailable');
    }
  };

  const dateFor = (language: Actor['language'], moment: Date) =>
    new Intl.DateTimeFormat(language === 'bg' ? 'bg-BG' : 'en-GB', {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(moment);

  const nameOf = (user: Actor) => [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

  const paymentMail = (user: Actor, payment: repo.PaymentRow): Mail =>
    noticeMail(user.language, 'payment_received', {
      to: user.email,
      name: nameOf(user),
      site,
      url: `${config.publicUrl}/subscriptions`,
      plan: translate(user.language, `email:plans.${payment.plan}`),
      amount: formatMoneyFor(user.language, payment.amount, payment.currency),
      until: dateFor(user.language, payment.periodEnd),
    });

  /** Effects of one event, inside its transaction; the mails to queue once it is committed. */
  const apply = async (tx: Executor, event: PaymentEvent, now: Date): Promise<Mail[]> => {
    switch (event.kind) {
      case 'checkout_completed': {
        if (!event.userId) return [];
        if (event.customerId) await repo.updateUser(tx, event.userId, { stripeCustomerId: event.customerId });
        if (event.subscriptionId)
          await repo.setCheckoutSubscription(tx, {
            sessionId: event.sessionId,
            userId: event.userId,
            subscriptionId: event.subscriptionId,
          });
        return [];
      }
      case 'invoice_paid': {
        const userId =
          event.userId ?? (event.customerId ? await repo.userIdOfCustomer(tx, event.customerId) : undefined);
        if (!userId || !event.plan || !isCurrency(event.currency) || event.amount <= 0) return [];
        const user = await repo.lockUser(tx, userId);
        if (!user) return [];
        const column = endColumnOf(event.plan);
        const periodEnd = addPeriod(paidPeriodStart(user, now), event.plan);
        const payment = await repo.insertPayment(tx, {
          userId,
          plan: event.plan,
          amount: event.amount,
          currency: event.currency,
          providerInvoiceId: event.invoiceId,
          providerSubscriptionId: event.subscriptionId,
          periodEnd,
          createdAt: now,
        });
        if (!payment) return [];
        await repo.updateUser(tx, userId, {
          subscriptionType: event.plan,
          [column]: periodEnd,
          ...(event.customerId && !user.stripeCustomerId ? { stripeCustomerId: event.customerId } : {}),
        });
        // A referred user's payments earn their referrer a share in the months after the sign-up.
        if (user.referredById && now < addMonths(user.createdAt, COMMISSION_MONTHS)) {
          const amount = Math.round(toStotinki(payment.amount, payment.currency) * affiliateRate);
          if (amount > 0)
            await repo.insertCommission(tx, {
              affiliateUserId: user.referredById,
              referredUserId: userId,
              paymentId: payment.id,
              amount,
              createdAt: now,
            });
        }
        return [paymentMail(user, payment)];
      }
      case 'invoice_failed': {
        if (!event.renewal || !event.userId) return [];
        const user = await repo.lockUser(tx, event.userId);
        if (!user) return [];
        return [
          noticeMail(user.language, 'renewal_failed', {
            to: user.email,
            name: nameOf(user),
            site,
            url: `${config.publicUrl}/subscriptions`,
          }),
        ];
      }
      case 'refunded': {
        if (!event.invoiceId) return [];
        const payment = await repo.lockPaymentOfInvoice(tx, event.invoiceId);
        if (payment?.status !== 'paid') return [];
        // The payment of a deleted account stays on record without it.
        const user = payment.userId === null ? undefined : await repo.lockUser(tx, payment.userId);
        await repo.markRefunded(tx, payment.id, now);
        const column = endColumnOf(payment.plan as Plan);
        const end = user?.[column];
        if (user && end)
          await repo.updateUser(tx, user.id, { [column]: addPeriod(end, payment.plan as Plan, -1) });
        await repo.cancelUnpaidCommission(tx, payment.id);
        return [];
      }
      default:
        return [];
    }
  };

  const planInfo = (plan: Plan) => {
    const period = periodOf(plan);
    const gold = plan.startsWith('gold');
    const monthlyOf: Plan = gold ? 'gold_monthly' : 'monthly';
    const price = (currency: Currency) => {
      const amount = prices[plan][currency];
      const perWeek = Math.round(period === 'month' ? (amount * 12) / 52 : amount / 52);
      const saving = period === 'year' ? 12 * prices[monthlyOf][currency] - amount : 0;
      return { amount: formatMoney(amount), per_week: formatMoney(perWeek), saving: formatMoney(saving) };
    };
    return {
      id: plan,
      period,
      gold,
      prices: { bgn: price('bgn'), eur: price('eur') },
      ai_quota: gold ? config.ai.quotas.gold : config.ai.quotas.premium,
    };
  };

  const ensureAffiliate = async (userId: number) => {
    for (let attempt = 0; ; attempt++) {
      const existing = await repo.affiliateOf(db, userId);
      if (existing) return existing;
      // A code another account holds (unlikely among 32^8) is drawn again.
      if (!(await repo.insertAffiliate(db, userId, randomCode(), clock.now())) && attempt >= 5)
        throw new Error('Could not find a free affiliate code');
    }
  };

  const payOut = (commissions: { id: number; amount: number }[], now: Date) => ({
    paid_count: commissions.length,
    amount: formatMoney(commissions.reduce((sum, commission) => sum + commission.amount, 0)),
    paid_at: now.toISOString(),
  });

  return {
    pricing: (): Pricing => ({
      plans: PLANS.map(planInfo),
      payments_enabled: Boolean(provider) && !premiumForAll,
      premium_for_all: premiumForAll,
      trial_days: config.limits.trialDays,
      trial_promotion_until: config.subscriptions.trialPromotionUntil ?? null,
      free: {
        daily_card_limit: config.limits.dailyCardLimit,
        active_items: config.limits.freeActiveItems,
        ai_quota: config.ai.quotas.free,
      },
    }),

    async mySubscription(actor: Actor) {
      return {
        account: actor,
        isPremium: entitlements.isPremium(actor, clock.now()),
        premiumForAll,
        premiumUntil: entitlements.premiumUntil(actor),
        canManage: Boolean(provider && actor.stripeCustomerId),
        payments: await repo.paymentsOf(db, actor.id),
      };
    },

    async checkoutUrl(actor: Actor, plan: Plan, currency: Currency) {
      if (premiumForAll) throw conflict('premium_for_all');
      const session = await askProvider((payments) =>
        payments.checkout({
          userId: actor.id,
          email: actor.email,
          language: actor.language,
          plan,
          currency,
          amount: prices[plan][currency],
          period: periodOf(plan),
          productName: `${site} – ${translate(actor.language, `email:plans.${plan}`)}`,
          customerId: actor.stripeCustomerId,
          // The provider puts the session's id in place of the placeholder.
          successUrl: `${config.publicUrl}/subscriptions-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${config.publicUrl}/subscriptions-failed`,
        }),
      );
      await repo.insertCheckoutSession(db, {
        providerSessionId: session.id,
        userId: actor.id,
        plan,
        createdAt: clock.now(),
      });
      return session.url;
    },

    /**
     * Whether the first payment of a checkout of mine is recorded: the subscription its completion named
     * has a payment. Before that, `processing`, whatever premium the account already has.
     */
    async checkoutStatus(actor: Actor, sessionId: string) {
      const session = authorize(actor, policy.checkout, await repo.checkoutSessionOf(db, sessionId));
      const payment =
        session.providerSubscriptionId &&
        (await repo.firstPaymentOfSubscription(db, actor.id, session.providerSubscriptionId));
      return {
        status: payment ? ('paid' as const) : ('processing' as const),
        plan: session.plan as Plan,
        premiumUntil: payment ? entitlements.premiumUntil(actor) : null,
      };
    },

    /**
     * Cancels every subscription of the account at the provider, before the account is deleted. A failure
     * (the provider refuses or cannot be reached) is thrown, 503 `subscription_not_cancelled`, so that the
     * deletion stops while the person is still charged.
     */
    async cancelSubscriptionsOf(userId: number) {
      const customerId = await repo.customerOf(db, userId);
      if (!customerId) return;
      if (!provider) {
        // Payments were switched off after this account paid: nothing here can reach the provider.
        log.warn({ userId }, 'an account with a payment customer is deleted without a payment provider');
        return;
      }
      try {
        const cancelled = await provider.cancelSubscriptions(customerId);
        if (cancelled > 0)
          log.info({ userId, cancelled }, 'subscriptions cancelled before deleting the account');
      } catch (error) {
        log.warn({ err: error, userId }, 'the payment provider did not cancel the subscriptions');
        throw new ApiError(503, 'subscription_not_cancelled', { key: 'subscription_not_cancelled' });
      }
    },

    async portalUrl(actor: Actor) {
      configuredProvider();
      // The policy lets only an account the provider knows through.
      const customerId = authorize(actor, policy.manage, actor).stripeCustomerId!;
      return askProvider((payments) => payments.portalUrl(customerId, `${config.publicUrl}/subscriptions`));
    },

    /** A webhook delivery: verified, then its effects and its record in one transaction, once. */
    async receiveEvent(rawBody: unknown, signature: string | undefined) {
      const payments = configuredProvider();
      const invalidSignature = () => new ApiError(400, 'invalid_signature', { key: 'invalid_signature' });
      if (!signature || typeof rawBody !== 'string') throw invalidSignature();
      let event: PaymentEvent;
      try {
        event = await payments.readEvent(rawBody, signature, clock.now());
      } catch (error) {
        if (error instanceof InvalidSignatureError) throw invalidSignature();
        if (error instanceof InvalidEventError)
          throw new ApiError(400, 'invalid_event', { key: 'invalid_event' });
        // Tracing a refund asks the provider: unreachable, it answers 503 and the provider retries.
        log.warn({ err: error }, 'the payment provider failed');
        throw paymentsUnavailable('payments_unavailable');
      }
      const now = clock.now();
      const mails = await db.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, event.id, event.type, now))) return [];
        return apply(tx, event, now);
      });
      // Queued once the effects are committed; the event's id keeps a redelivery from mailing twice.
      for (const [index, mail] of mails.entries())
        await queueMail(jobs, mail, { singletonKey: `payment-event:${event.id}:${index}` });
    },

    /** Mails the accounts whose trial ends on the day three days ahead (UTC), once each. */
    async mailEndingTrials() {
      if (premiumForAll) return 0;
      const now = clock.now();
      const from = startOfUtcDay(new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY));
      const to = new Date(from.getTime() + DAY);
      const claimed = await repo.claimEndingTrials(db, { from, to, now });
      for (const user of claimed)
        await queueMail(
          jobs,
          noticeMail(user.language, 'trial_ending', {
            to: user.email,
            name: nameOf(user),
            site,
            url: `${config.publicUrl}/pricing`,
            until: dateFor(user.language, user.trialEndDate!),
          }),
          { singletonKey: `trial-ending:${user.id}` },
        );
      return claimed.length;
    },

    async affiliateDetails(actor: Actor) {
      const affiliate = await ensureAffiliate(actor.id);
      const [referred, commissions] = await Promise.all([
        repo.referredUsers(db, actor.id),
        repo.commissionsOf(db, actor.id),
      ]);
      return { affiliate, referred, commissions };
    },

    async payoutRows(actor: Actor, query: { payable?: boolean; limit: number; offset: number }) {
      authorize(actor, policy.payOut, actor);
      return repo.payoutRows(db, { ...query, minimum: MIN_PAYOUT });
    },

    /** Pays out all of an affiliate's unpaid commissions at once, from the minimum payout. */
    async payAffiliate(actor: Actor, affiliateUserId: number) {
      authorize(actor, policy.payOut, actor);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const unpaid = await repo.lockUnpaidCommissions(tx, affiliateUserId);
        if (unpaid.length === 0 && !(await repo.affiliateOf(tx, affiliateUserId))) throw notFound();
        const total = unpaid.reduce((sum, commission) => sum + commission.amount, 0);
        if (total < MIN_PAYOUT) throw conflict('payout_below_minimum', { minimum: MIN_PAYOUT / 100 });
        await repo.markCommissionsPaid(
          tx,
          unpaid.map((commission) => commission.id),
          now,
        );
        return payOut(unpaid, now);
      });
    },

    async markCommissionPaid(actor: Actor, id: number) {
      authorize(actor, policy.payOut, actor);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const commission = await repo.lockCommission(tx, id);
        if (!commission) throw notFound();
        if (commission.isPaid) throw conflict('already_paid');
        const unpaid = await repo.lockUnpaidCommissions(tx, commission.affiliateUserId);
        const total = unpaid.reduce((sum, row) => sum + row.amount, 0);
        if (total < MIN_PAYOUT) throw conflict('payout_below_minimum', { minimum: MIN_PAYOUT / 100 });
        await repo.markCommissionsPaid(tx, [commission.id], now);
        return payOut([commission], now);
      });
    },
  };
};

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
