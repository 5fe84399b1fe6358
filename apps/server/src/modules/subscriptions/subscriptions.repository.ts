import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  affiliateCommissions,
  affiliates,
  checkoutSessions,
  paymentEvents,
  payments,
  users,
} from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type CommissionRow = typeof affiliateCommissions.$inferSelect;
export type PaymentValues = typeof payments.$inferInsert;

/** Records a provider event; false when it was recorded before (its effect happened then). */
export const recordEvent = async (tx: Executor, providerEventId: string, type: string, at: Date) => {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ providerEventId, type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.providerEventId });
  return inserted.length > 0;
};

/** The account, locked until the end of the transaction: two payments of one person extend in turn. */
export const lockUser = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
};

export const userIdOfCustomer = async (db: Executor, customerId: string) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
  return row?.id;
};

export const updateUser = (tx: Executor, id: number, values: Partial<typeof users.$inferInsert>) =>
  tx.update(users).set(values).where(eq(users.id, id));

/** A payment of an invoice; undefined when that invoice was recorded before. */
export const insertPayment = async (tx: Executor, values: PaymentValues) => {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
};

export const insertCheckoutSession = (db: Executor, values: typeof checkoutSessions.$inferInsert) =>
  db.insert(checkoutSessions).values(values).onConflictDoNothing();

/** The subscription a completed checkout of this user started. */
export const setCheckoutSubscription = (
  tx: Executor,
  { sessionId, userId, subscriptionId }: { sessionId: string; userId: number; subscriptionId: string },
) =>
  tx
    .update(checkoutSessions)
    .set({ providerSubscriptionId: subscriptionId })
    .where(and(eq(checkoutSessions.providerSessionId, sessionId), eq(checkoutSessions.userId, userId)));

export const checkoutSessionOf = async (db: Executor, sessionId: string) => {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, sessionId));
  return row;
};

/** The first recorded payment of the user's subscription at the provider. */
export const firstPaymentOfSubscription = async (db: Executor, userId: number, subscriptionId: string) => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.providerSubscriptionId, subscriptionId)))
    .orderBy(payments.createdAt, payments.id)
    .limit(1);
  return row;
};

export const customerOf = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.customerId ?? null;
};

export const lockPaymentOfInvoice = async (tx: Executor, providerInvoiceId: string) => {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerInvoiceId, providerInvoiceId))
    .for('update');
  return row;
};

export const markRefunded = (tx: Executor, id: number, at: Date) =>
  tx.update(payments).set({ status: 'refunded', refundedAt: at }).where(eq(payments.id, id));

export const paymentsOf = (db: Executor, userId: number) =>
  db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));

export const insertCommission = (tx: Executor, values: typeof affiliateCommissions.$inferInsert) =>
  tx.insert(affiliateCommissions).values(values).onConflictDoNothing();

/** Takes back the commission of a refunded payment while it is not paid out. */
export const cancelUnpaidCommission = (tx: Executor, paymentId: number) =>
  tx
    .delete(affiliateCommissions)
    .where(and(eq(affiliateCommissions.paymentId, paymentId), eq(affiliateCommissions.isPaid, false)));

export const affiliateOf = async (db: Executor, userId: number) => {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
};

/** Gives the account this code unless it has one; false when another account holds the code. */
export const insertAffiliate = async (db: Executor, userId: number, affiliateCode: string, at: Date) => {
  try {
    await db.insert(affiliates).values({ userId, affiliateCode, createdAt: at }).onConflictDoNothing({
      target: affiliates.userId,
    });
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') return false;
    throw error;
  }
};

export const referredUsers = (db: Executor, affiliateUserId: number) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.referredById, affiliateUserId))
    .orderBy(desc(users.createdAt), desc(users.id));

export const commissionsOf = (db: Executor, affiliateUserId: number) =>
  db
    .select({
      commission: affiliateCommissions,
      referred: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(affiliateCommissions)
    .leftJoin(users, eq(users.id, affiliateCommissions.referredUserId))
    .where(eq(affiliateCommissions.affiliateUserId, affiliateUserId))
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.id));

const unpaidTotal = sql<number>`coalesce(sum(${affiliateCommissions.amount}) filter (where not ${affiliateCommissions.isPaid}), 0)::int`;

/** Affiliates with commissions, the largest unpaid total first; `payable`: whether it reached `minimum`. */
export const payoutRows = async (
  db: Executor,
  { payable, minimum, limit, offset }: { payable?: boolean; minimum: number; limit: number; offset: number },
) => {
  const totals = db
    .select({
      userId: affiliateCommissions.affiliateUserId,
      unpaid: unpaidTotal.as('unpaid'),
      unpaidCount: sql<number>`(count(*) filter (where not ${affiliateCommissions.isPaid}))::int`.as(
        'unpaid_count',
      ),
      paid: sql<number>`coalesce(sum(${affiliateCommissions.amount}) filter (where ${affiliateCommissions.isPaid}), 0)::int`.as(
        'paid',
      ),
    })
    .from(affiliateCommissions)
    .groupBy(affiliateCommissions.affiliateUserId)
    .as('totals');
  const filter =
    payable === undefined ? undefined : payable ? gte(totals.unpaid, minimum) : lt(totals.unpaid, minimum);
  const rows = await db
    .select({
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      code: affiliates.affiliateCode,
      referrals: sql<number>`(select count(*)::int from ${users} r where r.referred_by_id = ${users.id})`,
      unpaid: totals.unpaid,
      unpaidCount: totals.unpaidCount,
      paid: totals.paid,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(totals)
    .innerJoin(users, eq(users.id, totals.userId))
    .leftJoin(affiliates, eq(affiliates.userId, users.id))
    .where(filter)
    .orderBy(desc(totals.unpaid), users.id)
    .limit(limit)
    .offset(offset);
  if (rows.length > 0 || offset === 0) return { total: rows[0]?.count ?? 0, rows };
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(totals).where(filter);
  return { total: counted?.count ?? 0, rows };
};

/** The affiliate's unpaid commissions, locked: one payout at a time. */
export const lockUnpaidCommissions = (tx: Executor, affiliateUserId: number) =>
  tx
    .select()
    .from(affiliateCommissions)
    .where(
      and(eq(affiliateCommissions.affiliateUserId, affiliateUserId), eq(affiliateCommissions.isPaid, false)),
    )
    .for('update');

export const lockCommission = async (tx: Executor, id: number) => {
  const [row] = await tx
    .select()
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.id, id))
    .for('update');
  return row;
};

export const markCommissionsPaid = (tx: Executor, ids: number[], at: Date) =>
  tx
    .update(affiliateCommissions)
    .set({ isPaid: true, paidAt: at })
    .where(inArray(affiliateCommissions.id, ids));

/**
 * Accounts whose trial ends within [from, to), not yet told, active and without a subscription running
 * at `now`: marked told and returned, in one statement, so a second run mails nobody twice.
 */
export const claimEndingTrials = (tx: Executor, { from, to, now }: { from: Date; to: Date; now: Date }) =>
  tx
    .update(users)
    .set({ trialEndingMailedAt: now })
    .where(
      and(
        gte(users.trialEndDate, from),
        lt(users.trialEndDate, to),
        isNull(users.trialEndingMailedAt),
        eq(users.isActive, true),
        or(isNull(users.subscriptionEndDate), lt(users.subscriptionEndDate, now)),
        or(isNull(users.annualSubscriptionEndDate), lt(users.annualSubscriptionEndDate, now)),
      ),
    )
    .returning();
