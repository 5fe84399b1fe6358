import { type Actor, refuse, rules } from '../../lib/access';

type Listing = { userId: number };

/**
 * Who may do what on the catalog. Publishing is the owner's alone (anyone else's category does not exist
 * to them); an author may not adopt, rate or report their own category. Moderation is for staff, which the
 * routes' access ('staff') enforces.
 */
export const marketPolicy = {
  publish: (actor: Actor, category: { userId: number }) => rules.owner(actor, category),
  adopt: (actor: Actor, listing: Listing) => !rules.owner(actor, listing) || refuse('market_own_adopt'),
  rate: (actor: Actor, listing: Listing) => !rules.owner(actor, listing) || refuse('market_own_rate'),
  report: (actor: Actor, listing: Listing) => !rules.owner(actor, listing) || refuse('market_own_report'),
};
