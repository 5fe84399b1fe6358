/** A copy of the items in random order (Fisher–Yates); `random` returns a number in [0, 1). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * One round through a deck: every card once, in random order. When it is over the deck is fetched again
 * (learned cards leave it) and a fresh round is dealt.
 */
export type Round<T> = { cards: T[]; position: number };

/** A fresh round; the card shown last does not open it again, when there is another one to show. */
export function dealRound<T extends { id: number }>(
  deck: readonly T[],
  lastShownId: number | null = null,
  random: () => number = Math.random,
): Round<T> {
  const cards = shuffled(deck, random);
  if (cards.length > 1 && cards[0]!.id === lastShownId) {
    const swapWith = 1 + Math.floor(random() * (cards.length - 1));
    [cards[0], cards[swapWith]] = [cards[swapWith]!, cards[0]!];
  }
  return { cards, position: 0 };
}

export const currentCard = <T>(round: Round<T>): T | undefined => round.cards[round.position];

/** The round moved on by one card, or null when every card of the round was shown. */
export const nextInRound = <T>(round: Round<T>): Round<T> | null =>
  round.position + 1 < round.cards.length ? { ...round, position: round.position + 1 } : null;

/** Public practice goes through the cards in order and wraps around at both ends. */
export const wrapIndex = (index: number, length: number): number =>
  length === 0 ? 0 : ((index % length) + length) % length;
