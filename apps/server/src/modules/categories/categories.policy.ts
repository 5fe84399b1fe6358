import { type Actor, rules } from '../../lib/access';

type CategoryRow = { userId: number; marketApprovement: string; marketAccessible: boolean };

/** Catalog categories (approved and on the market) may be read by anyone, signed in or not. */
export const isPublic = (category: { marketApprovement: string; marketAccessible: boolean }) =>
  category.marketApprovement === 'approved' && category.marketAccessible;

/**
 * Who may do what with a category. A category is its owner's: to anyone else a private one does not
 * exist (404).
 */
export const categoryPolicy = {
  read: (actor: Actor, category: CategoryRow) => rules.owner(actor, category),
  change: (actor: Actor, category: CategoryRow) => rules.owner(actor, category),
};
