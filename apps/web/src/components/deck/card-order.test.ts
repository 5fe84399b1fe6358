import { describe, expect, it } from 'vitest';
import { currentCard, dealRound, nextInRound, type Round, shuffled, wrapIndex } from './card-order';

const deck = (size: number) => Array.from({ length: size }, (_, i) => ({ id: i + 1 }));

/** A repeatable stand-in for Math.random. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** The ids a round shows, card by card, until it is over. */
const playThrough = <T extends { id: number }>(round: Round<T>) => {
  const shown: number[] = [];
  let current: Round<T> | null = round;
  while (current) {
    shown.push(currentCard(current)!.id);
    current = nextInRound(current);
  }
  return shown;
};

describe('the order of the cards', () => {
  it('shuffles without losing or repeating a card, and leaves the deck as it was', () => {
    const cards = deck(10);
    const order = shuffled(cards, seeded(7));
    expect(order.map((c) => c.id).sort((a, b) => a - b)).toEqual(cards.map((c) => c.id));
    expect(order.map((c) => c.id)).not.toEqual(cards.map((c) => c.id));
    expect(cards.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows every card of a round exactly once, then says the round is over', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const shown = playThrough(dealRound(deck(7), null, seeded(seed)));
      expect(shown).toHaveLength(7);
      expect(new Set(shown).size).toBe(7);
    }
  });

  it('is random: rounds do not all come in the same order', () => {
    const orders = new Set(
      Array.from({ length: 20 }, (_, seed) => playThrough(dealRound(deck(6), null, seeded(seed + 1))).join()),
    );
    expect(orders.size).toBeGreaterThan(10);
  });

  it('deals a fresh round from the deck fetched again, never opening with the card just shown', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const random = seeded(seed);
      const first = playThrough(dealRound(deck(5), null, random));
      const last = first.at(-1)!;
      // Card 2 was learned meanwhile: the deck fetched again no longer holds it.
      const fresh = deck(5).filter((card) => card.id !== 2);
      const second = playThrough(dealRound(fresh, last, random));
      expect(second[0]).not.toBe(last);
      expect([...second].sort()).toEqual([1, 3, 4, 5]);
    }
  });

  it('deals a deck of one card, and an empty deck, without failing', () => {
    expect(playThrough(dealRound([{ id: 9 }], 9))).toEqual([9]);
    const empty = dealRound([], 3);
    expect(currentCard(empty)).toBeUndefined();
    expect(nextInRound(empty)).toBeNull();
  });

  it('wraps public practice around at both ends', () => {
    expect([0, 1, 2, 3, 4].map((i) => wrapIndex(i, 3))).toEqual([0, 1, 2, 0, 1]);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
