import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { permissionDenied } from './api-error';

export type Account = typeof users.$inferSelect;

/**
 * The premium rule, once: an account is premium while any of these end dates lies ahead (a monthly or an
 * annual subscription, or the trial). TypeScript and SQL both read this list.
 */
const premiumEnds = ['subscriptionEndDate', 'annualSubscriptionEndDate', 'trialEndDate'] as const;

/**
 * The rule as this server applies it, built once at startup: with `premiumForAll` (a school's own server)
 * every account is premium, in TypeScript and in SQL alike. Everything premium unlocks reads it from here.
 */
export type FreeLimitKind = 'paths' | 'tests' | 'exams';

export const createEntitlements = ({
  premiumForAll,
  freeActiveItems,
}: {
  premiumForAll: boolean;
  /** Active learning paths, tests and exams a free account may have, each (docs/api.md "Entitlements"). */
  freeActiveItems: number;
}) => {
  const premiumSql = (now: unknown) =>
    premiumForAll
      ? sql`true`
      : sql`greatest(${sql.join(
          premiumEnds.map((column) => users[column]),
          sql`, `,
        )}) > ${now}`;

  const isPremium = (account: Account, now: Date) =>
    premiumForAll ||
    premiumEnds.some((column) => {
      const end = account[column];
      return end !== null && end > now;
    });

  return {
    premiumForAll,
    isPremium,

    /** Whether the free limit applies to this account now (the caller then counts its active items). */
    limited: (account: Account, now: Date) => !isPremium(account, now),

    /** Refuses (403 `free_limit`) a free account that would have more than the free number of active items. */
    assertFreeLimit: (kind: FreeLimitKind, activeAfter: number) => {
      if (activeAfter > freeActiveItems)
        throw permissionDenied('free_limit', {
          limit: freeActiveItems,
          items: { key: `free_limit_items.${kind}` },
        });
    },

    /** The same rule inside a statement, for the account row of `users` in scope; `now` is a parameter. */
    premiumSql,

    /**
     * For the hot practice statements, which check the account themselves instead of loading it first:
     * the user of this id exists, is active, still takes tokens of this version and is premium at `now`.
     */
    isActivePremiumAccount: (userId: unknown, tokenVersion: unknown, now: unknown) => sql`exists (
  select 1 from ${users} where ${users.id} = ${userId} and ${users.isActive}
    and ${users.tokenVersion} = ${tokenVersion} and ${premiumSql(now)})`,

    /** The latest of the end dates, null when none is set or everyone is premium. */
    premiumUntil: (account: Account): Date | null => {
      if (premiumForAll) return null;
      const ends = premiumEnds.map((column) => account[column]).filter((end): end is Date => end !== null);
      return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
    },
  };
};

export type Entitlements = ReturnType<typeof createEntitlements>;
