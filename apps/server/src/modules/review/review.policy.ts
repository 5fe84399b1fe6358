import { type Actor, refuse, rules } from '../../lib/access';

type Reviewed = { userId: number; typeOfCards: 'text' | 'picture' | 'kids' };

/**
 * Spaced review is of the owner's own text and picture categories and cards: another user's does not
 * exist (404); kids cards have no review (403 with the reason).
 */
export const reviewPolicy = {
  review: (actor: Actor, object: Reviewed) =>
    rules.owner(actor, object) && (object.typeOfCards !== 'kids' || refuse('review_not_for_kids')),
};
