import type { User } from '@flashcards/contract';

/** What an account has now: nothing, its trial, premium without a plan (the server's premium for all), or a plan. */
export type PlanKind = 'free' | 'trial' | 'premium' | Exclude<User['subscription_type'], 'none'>;

/** An ended plan is no plan: the kind says what the account has now, not what it bought last. */
export const planKindOf = (
  account: Pick<User, 'is_premium' | 'subscription_type' | 'trial_end_date'>,
  now = Date.now(),
): PlanKind => {
  if (!account.is_premium) return 'free';
  if (account.subscription_type !== 'none') return account.subscription_type;
  return account.trial_end_date !== null && Date.parse(account.trial_end_date) > now ? 'trial' : 'premium';
};
