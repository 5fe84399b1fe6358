/**
 * Payments, the provider's events and affiliate commissions: written by the subscriptions module. Money is
 * kept in whole minor units (stotinki, cents); commissions always in stotinki.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { subscriptionTypeEnum, users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const currencyEnum = pgEnum('currency', ['bgn', 'eur']);
export const paymentStatusEnum = pgEnum('payment_status', ['paid', 'refunded']);

/**
 * A paid invoice of the provider: each one extended a subscription by its plan's period. Accounting keeps
 * it after its account is deleted, then without the person (`user_id` null).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: subscriptionTypeEnum('plan').notNull(),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    status: paymentStatusEnum('status').notNull().default('paid'),
    /** The provider's invoice: one payment per invoice, however often its event arrives. */
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    /** The provider's subscription the invoice belongs to: links the payment to the checkout that started it. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The end date this payment moved its subscription to. */
    periodEnd: moment('period_end').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    refundedAt: moment('refunded_at'),
  },
  (table) => [
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_subscription_idx').on(table.providerSubscriptionId),
    check('payments_plan_check', sql`${table.plan} <> 'none'`),
  ],
);

/**
 * A checkout the account started at the provider; its completion names the subscription whose first
 * invoice pays it, so the success page can wait for that payment and no other.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    providerSessionId: text('provider_session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: subscriptionTypeEnum('plan').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId)],
);

/** Events of the payment provider already handled: each one's effect happens once. */
export const paymentEvents = pgTable('payment_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: moment('received_at').notNull().defaultNow(),
});

/** An affiliate's share of a referred user's payment, in stotinki; staff pay them out. */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    affiliateUserId: integer('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: integer('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: moment('paid_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('affiliate_commissions_affiliate_idx').on(table.affiliateUserId, table.isPaid, table.createdAt),
    index('affiliate_commissions_referred_user_idx').on(table.referredUserId),
  ],
);
