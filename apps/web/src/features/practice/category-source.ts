import { isDailyLimit } from '../../components/deck/daily-limit';
import type { DeckKind, DeckSource } from '../../components/deck/deck-source';
import { deckKeys } from '../../lib/deck-keys';
import { answerCard, undoLastAnswer } from './api/answer-card';
import { type DeckFilter, getDeck } from './api/get-deck';
import { practiceKeys } from './api/practice-keys';

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
