import { shuffled } from '../../components/deck/card-order';
import { isDailyLimit } from '../../components/deck/daily-limit';
import type { DeckKind, DeckSource } from '../../components/deck/deck-source';
import { isUnreachable } from '../../lib/api-client';
import { deckKeys } from '../../lib/deck-keys';
import { answerCard, undoLastAnswer } from './api/answer-card';
import { type DeckFilter, getDeck } from './api/get-deck';
import { practiceKeys } from './api/practice-keys';

/**
 * The deck of one of my categories with the filter of the session. Without the network, a category kept on
 * this device is dealt from its copy, and answers are kept on the device until they can be sent.
 */
export const categorySource = (kind: DeckKind, categoryId: number, filter: DeckFilter): DeckSource => ({
  key: practiceKeys.deck(kind, categoryId, filter),
  load: async (signal) => {
    try {
      return await getDeck(kind, categoryId, filter, signal);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const { keptDeck } = await import('../../lib/offline/offline-practice');
      const kept = await keptDeck(categoryId, filter);
      if (!kept) throw error;
      // At most `quantity`, drawn at random as the server draws them.
      return shuffled(kept).slice(0, filter.quantity ?? kept.length);
    }
  },
  answer: async (card, type, correct, session) => {
    try {
      const answered = await answerCard({ kind, card, type, correct, session });
      void import('../../lib/offline/offline-practice').then((offline) => offline.answeredOnline(session));
      return answered;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      const { answerOffline } = await import('../../lib/offline/offline-practice');
      return answerOffline({ kind, categoryId, card, mode: type, correct, session });
    }
  },
  reportsLearned: true,
  undo: async (session) => {
    const { undoOffline } = await import('../../lib/offline/offline-practice');
    if (!(await undoOffline(session))) await undoLastAnswer(session);
  },
  stops: isDailyLimit,
  changed: deckKeys.all,
  saved: deckKeys.category(categoryId),
});
