import type { ApiError } from '../../lib/api-client';
import { deckKeys } from '../../lib/deck-keys';
import { type AnsweredCard, answerCard, undoLastAnswer } from './api/answer-card';
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
  /** Sends one answer (of the session named) and resolves to the card as it is now. */
  answer: (card: DeckCard, type: LearningType, correct: boolean, session: string) => Promise<AnsweredCard>;
  /** Whether its answers say when they learned a card (else the session follows the saved counts). */
  reportsLearned?: boolean;
  /** Takes back the session's last answer; without it the source's answers cannot be undone. */
  undo?: (session: string) => Promise<unknown>;
  /** A refusal of a deck or an answer that ends the session (the daily limit, a path's days). */
  stops: (error: unknown) => error is ApiError;
  /** What an answer changes (refreshed after each), and what the end of a session fetches again. */
  changed: readonly unknown[];
  saved: readonly unknown[];
}

/** The deck of one of my categories with the filter of the session. */
export const categorySource = (kind: DeckKind, categoryId: number, filter: DeckFilter): DeckSource => ({
  key: practiceKeys.deck(kind, categoryId, filter),
  load: (signal) => getDeck(kind, categoryId, filter, signal),
  answer: (card, type, correct, session) => answerCard({ kind, card, type, correct, session }),
  reportsLearned: true,
  undo: undoLastAnswer,
  stops: isDailyLimit,
  changed: deckKeys.all,
  saved: deckKeys.category(categoryId),
});
