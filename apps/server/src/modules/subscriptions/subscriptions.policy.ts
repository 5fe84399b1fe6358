import { type Actor, rules } from '../../lib/access';

/**
 * A subscription is its account's: another account's checkout does not exist for it (404), and an
 * account the payment provider does not know has no billing to manage (404). Affiliates are paid out by
 * staff.
 */
export const subscriptionPolicy = {
  checkout: (actor: Actor, session: { userId: number }) => rules.owner(actor, session),
  manage: (actor: Actor) => Boolean(actor.stripeCustomerId),
  payOut: rules.staff,
};
