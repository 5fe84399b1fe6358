import { shuffled } from '../../components/deck/card-order';
import { isDailyLimit } from '../../components/deck/daily-limit';
import type { DeckKind, DeckSource } from '../../components/deck/deck-source';
import { orOnDevice } from '../../lib/api-client';
import { deckKeys } from '../../lib/deck-keys';
import { answerCard, undoLastAnswer } from './api/answer-card';
import { type DeckFilter, getDeck } from './api/get-deck';
import { practiceKeys } from './api/practice-keys';

const offlinePractice = () => import('../../lib/offline/offline-practice');

/**
 * The deck of one of my categories with the filter of the session. Without the network, a category kept on
 * this device is dealt from its copy, and answers are kept on the device until they can be sent.
 */
export const categorySource = (kind: DeckKind, categoryId: number, filter: DeckFilter): DeckSource => ({
  key: practiceKeys.deck(kind, categoryId, filter),
  load: (signal) =>
    orOnDevice(
      () => getDeck(kind, categoryId, filter, signal),
      async () => {
        const kept = await (await offlinePractice()).keptDeck(categoryId, filter);
        // At most `quantity`, drawn at random as the server draws them.
        return kept && shuffled(kept).slice(0, filter.quantity ?? kept.length);
      },
    ),
  answer: (card, type, correct, session) =>
    orOnDevice(
      async () => {
        const answered = await answerCard({ kind, card, type, correct, session });
        void offlinePractice().then((offline) => offline.answeredOnline(session));
        return answered;
      },
      async () =>
        (await offlinePractice()).answerOffline({ kind, categoryId, card, mode: type, correct, session }),
    ),
  reportsLearned: true,
  undo: async (session) => {
    if (!(await (await offlinePractice()).undoOffline(session))) await undoLastAnswer(session);
  },
  stops: isDailyLimit,
  changed: deckKeys.all,
  saved: deckKeys.category(categoryId),
});
