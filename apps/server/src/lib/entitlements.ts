import { sql } from 'drizzle-orm';
import { users } from '../db/schema';

export type Account = typeof users.$inferSelect;

/**
 * The premium rule, once: an account is premium while any of these end dates lies ahead (a monthly or an
 * annual subscription, or the trial). TypeScript and SQL both read this list.
 */
const premiumEnds = ['subscriptionEndDate', 'annualSubscriptionEndDate', 'trialEndDate'] as const;

export const isPremium = (account: Account, now: Date) =>
  premiumEnds.some((column) => {
    const end = account[column];
    return end !== null && end > now;
  });

/** The same rule inside a statement, for the account row of `users` in scope; `now` is a parameter. */
export const premiumSql = (now: unknown) =>
  sql`greatest(${sql.join(
    premiumEnds.map((column) => users[column]),
    sql`, `,
  )}) > ${now}`;

/**
 * For the hot practice statements, which check the account themselves instead of loading it first: the
 * user of this id exists, is active and is premium at `now`.
 */
export const isActivePremiumAccount = (userId: unknown, now: unknown) => sql`exists (
  select 1 from ${users} where ${users.id} = ${userId} and ${users.isActive} and ${premiumSql(now)})`;
