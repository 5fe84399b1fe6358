import { cardPlainText, clozeAnswer, clozeNumbers } from '@flashcards/contract';
import type { DeckCard } from './deck-source';

/**
 * A cloze card is a text card whose first side has cloze deletions: its question is that text with them
 * hidden, its answer the same text with them shown (and its second side, if any, as an extra note).
 */
export const isClozeCard = (card: DeckCard): boolean =>
  !('first_side_url' in card) && clozeNumbers(card.first_side).length > 0;

/** What a typed answer is compared with: the deletions' answers of a cloze card, else side two. */
export const expectedAnswer = (card: DeckCard): string =>
  isClozeCard(card) ? clozeAnswer(card.first_side) : cardPlainText(card.second_side);

/** A side as plain text, as screen readers announce it (a cloze question with its gaps). */
export const sideAsText = (card: DeckCard, side: 'one' | 'two'): string => {
  if (!isClozeCard(card)) return cardPlainText(side === 'one' ? card.first_side : card.second_side);
  if (side === 'one') return cardPlainText(card.first_side, { hideCloze: true });
  return [card.first_side, card.second_side]
    .filter((text) => text.trim() !== '')
    .map((text) => cardPlainText(text))
    .join('\n');
};
