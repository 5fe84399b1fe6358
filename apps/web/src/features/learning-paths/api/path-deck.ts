import { type LearningPath, learningPathRoutes, scoreFieldOf } from '@flashcards/contract';
import type { DeckCard, DeckSource } from '../../../components/deck/deck-source';
import type { LearningType } from '../../../components/deck/practice-settings';
import { ApiError, api, orOnDevice } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** The path refused the deck or the answer: outside its days, or a mode it does not study. */
export const isPathRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403;

const offlinePractice = () => import('../../../lib/offline/offline-practice');

/**
 * A path's deck for the practice screen: at most its deck size of cards not yet learned in the mode, and
 * answers on my own row for the path and card (a card learned by the path's volume leaves the next deck).
 * Without the network, the deck last read is dealt again, and answers are kept on the device until they
 * can be sent.
 */
export const pathSource = (path: LearningPath, type: LearningType): DeckSource => {
  const picture = path.category.type_of_cards === 'picture';
  return {
    key: pathKeys.deck(path.id, type),
    load: (signal) =>
      api.call(picture ? learningPathRoutes.pathPictureCards : learningPathRoutes.pathTextCards, {
        query: { learning_path_id: path.id, type },
        signal,
      }) as Promise<DeckCard[]>,
    answer: (card, answerType, correct, session) => {
      const field = scoreFieldOf(answerType, correct);
      return orOnDevice(
        async () => {
          const answered = (await api.call(
            picture ? learningPathRoutes.answerPathPictureCard : learningPathRoutes.answerPathTextCard,
            {
              params: { id: card.id },
              body: { [field]: card[field] + 1, ...(session && { session }) },
              encoding: 'json',
            },
          )) as DeckCard;
          void offlinePractice().then((offline) => offline.answeredOnline(session));
          return answered;
        },
        async () =>
          (await offlinePractice()).answerOffline({
            kind: picture ? 'picture' : 'text',
            categoryId: path.category.id,
            card,
            mode: answerType,
            correct,
            session,
            learningPath: true,
          }),
      );
    },
    // "Undo" and "I was right" take back the session's last answer, as in practice: on the device while
    // it waits there.
    undo: async (session) => {
      const { undoOffline } = await offlinePractice();
      if (!(await undoOffline(session)))
        await api.call(learningPathRoutes.undoPathAnswer, { params: { session } });
    },
    stops: isPathRefusal,
    changed: pathKeys.progress(path.id),
    saved: pathKeys.progress(path.id),
  };
};
