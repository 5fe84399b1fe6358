import { type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { User } from '../plugins/auth';

/** Premium while a subscription or the trial lasts: no daily limit. */
export const isPremium = (user: User, now = new Date()) =>
  [user.subscriptionEndDate, user.annualSubscriptionEndDate, user.trialEndDate].some(
    (end) => end && end > now,
  );

/**
 * The same rule inside a statement, for the user of the id given, who must also be active: the hot
 * practice statements check the account themselves instead of loading it first.
 */
export const isActivePremiumUser = (userId: SQL) => sql`exists (
  select 1 from ${users} where ${users.id} = ${userId} and ${users.isActive}
    and greatest(${users.subscriptionEndDate}, ${users.annualSubscriptionEndDate}, ${users.trialEndDate}) > now())`;
