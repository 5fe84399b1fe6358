import {
  type PictureCard,
  type ReviewAnswerBody,
  type ReviewMode,
  reviewRoutes,
  type TextCard,
} from '@flashcards/contract';
import { api, orOnDevice } from '../../../lib/api-client';

/** Query keys of spaced review: under the decks' root, so a change of cards refreshes them too. */
export const reviewKeys = {
  session: (categoryId: number, mode: ReviewMode) => ['decks', 'review', categoryId, mode] as const,
};

/**
 * A review session of one of my categories: due cards oldest first, then today's new ones. Without the
 * network, a category kept on this device gives its review as last dealt, less the cards answered since.
 */
export const getReviewSession = (categoryId: number, mode: ReviewMode, signal?: AbortSignal) =>
  orOnDevice(
    () => api.call(reviewRoutes.reviewSession, { params: { id: categoryId }, query: { mode }, signal }),
    () => import('../../../lib/offline/offline-practice').then((offline) => offline.keptReview(categoryId)),
  );

/** One answer: counted as a practice answer and rescheduled; a free user past the limit gets 403. */
export const answerReview = (cardId: number, body: ReviewAnswerBody) =>
  api.call(reviewRoutes.reviewAnswer, { params: { id: cardId }, body });

/**
 * An answer given without the network: kept on the device (it is rescheduled when it is sent), with what
 * is left of the day's free limit; 403 once the day's free answers are spent, as online.
 */
export const answerReviewOffline = async (
  category: { id: number; type_of_cards: 'text' | 'picture' },
  card: TextCard | PictureCard,
  body: ReviewAnswerBody,
  session: string,
) => {
  const { answerOffline } = await import('../../../lib/offline/offline-practice');
  return answerOffline({
    kind: category.type_of_cards,
    categoryId: category.id,
    card,
    mode: body.mode,
    correct: body.correct,
    session,
    review: { seconds: body.seconds },
  });
};
