import { type Actor, rules } from '../../lib/access';

/**
 * Practice is of the owner's own cards: another user's card or session does not exist for them (404).
 * The deck and answer statements (the benchmarked practice loop, called with the token alone) keep the
 * owner rule themselves, in SQL, so that an answer stays one statement: what they leave unanswered is not
 * found. Listening is for kids cards only.
 */
export const practicePolicy = {
  listen: (actor: Actor, card: { userId: number; typeOfCards: string }) =>
    rules.owner(actor, card) && card.typeOfCards === 'kids',
  undo: (actor: Actor, session: { userId: number }) => rules.owner(actor, session),
};
