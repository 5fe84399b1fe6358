import { type Actor, rules } from '../../lib/access';

/**
 * Who may do what with a card. A card is its category owner's: to anyone else it does not exist (404).
 * The categories cards are listed in, added to and moved between are checked by the categories' policy
 * (through their service). The practice deck's one statement scopes by the owner too, for speed; when it
 * finds nothing, the category is checked here.
 */
export const cardPolicy = {
  read: (actor: Actor, card: { userId: number }) => rules.owner(actor, card),
  change: (actor: Actor, card: { userId: number }) => rules.owner(actor, card),
  /** An import of cards is its starter's (the category it goes into is checked when it starts). */
  readImport: (actor: Actor, cardImport: { userId: number }) => rules.owner(actor, cardImport),
};
