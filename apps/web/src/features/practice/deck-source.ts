import type { ApiError } from '../../lib/api-client';
import { deckKeys } from '../../lib/deck-keys';
import { answerCard } from './api/answer-card';
import { type DeckCard, type DeckFilter, type DeckKind, getDeck } from './api/get-deck';
import { practiceKeys } from './api/practice-keys';
import { isDailyLimit } from './daily-limit';
import type { LearningType } from './practice-settings';

/**
 * Where a practice session takes its deck from and sends its answers to: one of my categories, or a
 * learning path assigned to me. The session itself is the same for both.
 */
export interface DeckSource {
  /** The deck's query key. */
  key: readonly unknown[];
  load: (signal?: AbortSignal) => Promise<DeckCard[]>;
  /** Sends one answer and resolves to the card as it is now. */
  answer: (card: DeckCard, type: LearningType, correct: boolean) => Promise<DeckCard>;
  /** A refusal of a deck or an answer that ends the session (the daily limit, a path's days). */
  stops: (error: unknown) => error is ApiError;
  /** What an answer changes (refreshed after each), and what "Save results" fetches again. */
  changed: readonly unknown[];
  saved: readonly unknown[];
}

/** The deck of one of my categories with the filter of the session. */
export const categorySource = (kind: DeckKind, categoryId: number, filter: DeckFilter): DeckSource => ({
  key: practiceKeys.deck(kind, categoryId, filter),
  load: (signal) => getDeck(kind, categoryId, filter, signal),
  answer: (card, type, correct) => answerCard({ kind, card, type, correct }),
  stops: isDailyLimit,
  changed: deckKeys.all,
  saved: deckKeys.category(categoryId),
});
