import type { AiCard } from '@flashcards/contract';

/**
 * A generated card while it is reviewed, before it is saved: a temporary id, and its sides named as the
 * preview names them (side one in front, side two behind).
 */
export interface GeneratedCard {
  id: string;
  sideOne: string;
  sideTwo: string;
  tag: string;
}

let generation = 0;

/**
 * The cards of a finished task. Ids only need to tell the cards of one review apart, and stay apart from
 * those of a review kept from before a reload: a time stamp and a counter do, where crypto.randomUUID
 * would not exist (it needs a secure context).
 */
export function fromResult(result: readonly AiCard[], now = Date.now()): GeneratedCard[] {
  generation += 1;
  const prefix = `${now.toString(36)}-${generation}`;
  return result.map((card, index) => ({
    id: `${prefix}-${index}`,
    sideOne: card.question,
    sideTwo: card.answer,
    tag: card.tag,
  }));
}

export function editCard(
  cards: readonly GeneratedCard[],
  id: string,
  changes: Partial<Omit<GeneratedCard, 'id'>>,
): GeneratedCard[] {
  return cards.map((card) => (card.id === id ? { ...card, ...changes } : card));
}

export function removeCard(cards: readonly GeneratedCard[], id: string): GeneratedCard[] {
  return cards.filter((card) => card.id !== id);
}

/** The cards as the save call takes them. */
export function toFlashcards(cards: readonly GeneratedCard[]): AiCard[] {
  return cards.map((card) => ({
    question: card.sideOne.trim(),
    answer: card.sideTwo.trim(),
    tag: card.tag.trim(),
  }));
}

export type CardsProblem = 'noCards' | 'emptySide';

/**
 * Why these cards cannot be saved yet, or null. The spec's rule on the preview (a save only when the first
 * card's side one is filled in) is part of it: every card needs both sides, as the server asks.
 */
export function cardsProblem(cards: readonly GeneratedCard[]): CardsProblem | null {
  if (cards.length === 0) return 'noCards';
  return cards.some((card) => !card.sideOne.trim() || !card.sideTwo.trim()) ? 'emptySide' : null;
}
