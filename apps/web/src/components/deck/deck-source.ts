import type { AnswerOutcome, PictureCard, TextCard } from '@flashcards/contract';
import type { ApiError } from '../../lib/api-client';
import type { LearningType } from './practice-settings';

export type DeckKind = 'text' | 'picture';
export type DeckCard = TextCard | PictureCard;

/**
 * The card as an answer left it, and whether the answer learned it and completed its category;
 * `savedOnDevice` when it was kept on the device, to be sent once the network returns.
 */
export type AnsweredCard = DeckCard & AnswerOutcome & { savedOnDevice?: true };

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

/** A deck stays as it was fetched until the session asks for it again. */
export const deckQueryDefaults = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
