import { type LearningPath, learningPathRoutes, scoreFieldOf } from '@flashcards/contract';
import type { DeckCard, DeckSource } from '../../../components/deck/deck-source';
import type { LearningType } from '../../../components/deck/practice-settings';
import { ApiError, api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** The path refused the deck or the answer: outside its days, or a mode it does not study. */
export const isPathRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403;

/**
 * A path's deck for the practice screen: at most its deck size of cards not yet learned in the mode, and
 * answers on my own row for the path and card (a card learned by the path's volume leaves the next deck).
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
      return api.call(
        picture ? learningPathRoutes.answerPathPictureCard : learningPathRoutes.answerPathTextCard,
        {
          params: { id: card.id },
          body: { [field]: card[field] + 1, ...(session && { session }) },
          encoding: 'json',
        },
      ) as Promise<DeckCard>;
    },
    // "Undo" and "I was right" take back the session's last answer, as in practice.
    undo: (session) => api.call(learningPathRoutes.undoPathAnswer, { params: { session } }),
    stops: isPathRefusal,
    changed: pathKeys.progress(path.id),
    saved: pathKeys.progress(path.id),
  };
};
