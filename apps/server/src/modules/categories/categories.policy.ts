import { type Actor, rules } from '../../lib/access';

type CategoryRow = { userId: number; marketApprovement: string; marketAccessible: boolean };

/**
 * Who may do what with a category. A category is its owner's: to anyone else a private one does not
 * exist (404).
 */
export const categoryPolicy = {
  read: (actor: Actor, category: CategoryRow) => rules.owner(actor, category),
  change: (actor: Actor, category: CategoryRow) => rules.owner(actor, category),
};
