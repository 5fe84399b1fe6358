import { type Actor, refuse, rules } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { Entitlements } from '../../lib/entitlements';

/**
 * Reports are refused to the accounts a school created until they are claimed (the reduced menu leaves
 * them out), and are for premium accounts (docs/api.md "Entitlements"). Whose reports one sees is reach: a
 * student nobody reaches is not found.
 */
export const reportPolicy = (clock: Clock, entitlements: Entitlements) => ({
  use: (actor: Actor) => {
    const feature = rules.feature(actor);
    if (feature !== true) return feature;
    return entitlements.isPremium(actor, clock.now()) || refuse('reports_premium');
  },
});
