import { describe, expect, it } from 'vitest';
import {
  cardsProblem,
  editCard,
  fromResult,
  type GeneratedCard,
  removeCard,
  toFlashcards,
} from './generated-cards';

const result = [
  { question: 'Sofia', answer: 'Bulgaria', tag: 'balkans' },
  { question: 'Paris', answer: 'France', tag: '' },
  { question: 'Lisbon', answer: 'Portugal', tag: 'west' },
];

describe('generated cards', () => {
  it('takes a task’s result as cards with sides one and two and ids of their own', () => {
    const cards = fromResult(result, 0);
    expect(cards.map(({ sideOne, sideTwo, tag }) => [sideOne, sideTwo, tag])).toEqual([
      ['Sofia', 'Bulgaria', 'balkans'],
      ['Paris', 'France', ''],
      ['Lisbon', 'Portugal', 'west'],
    ]);
    const again = fromResult(result, 0);
    const ids = [...cards, ...again].map((card) => card.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('edits one card, leaving the others and the order as they were', () => {
    const cards = fromResult(result);
    const edited = editCard(cards, cards[1]!.id, { sideTwo: 'la France' });
    expect(edited.map((card) => card.sideTwo)).toEqual(['Bulgaria', 'la France', 'Portugal']);
    expect(edited[0]).toBe(cards[0]);
    expect(cards[1]!.sideTwo).toBe('France');
  });

  it('deletes one card', () => {
    const cards = fromResult(result);
    expect(removeCard(cards, cards[0]!.id).map((card) => card.sideOne)).toEqual(['Paris', 'Lisbon']);
    expect(removeCard(cards, 'no such card')).toEqual(cards);
  });

  it('gives the save call trimmed questions, answers and tags', () => {
    const cards: GeneratedCard[] = [{ id: 'a', sideOne: ' Sofia ', sideTwo: 'Bulgaria\n', tag: ' balkans' }];
    expect(toFlashcards(cards)).toEqual([{ question: 'Sofia', answer: 'Bulgaria', tag: 'balkans' }]);
  });

  describe('the save rule', () => {
    const card = (sideOne: string, sideTwo = 'answer'): GeneratedCard => ({
      id: sideOne,
      sideOne,
      sideTwo,
      tag: '',
    });

    it('saves nothing without cards', () => {
      expect(cardsProblem([])).toBe('noCards');
    });

    it('saves nothing while the first card’s side one is empty (spec)', () => {
      expect(cardsProblem([card('  '), card('Paris')])).toBe('emptySide');
    });

    it('saves nothing while any card lacks a side, as the server would refuse it', () => {
      expect(cardsProblem([card('Sofia'), card('Paris', ' ')])).toBe('emptySide');
    });

    it('saves cards with both sides', () => {
      expect(cardsProblem([card('Sofia'), card('Paris')])).toBeNull();
    });
  });
});
