import { type ReviewAnswerBody, type ReviewMode, reviewRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';

/** Query keys of spaced review: under the decks' root, so a change of cards refreshes them too. */
export const reviewKeys = {
  session: (categoryId: number, mode: ReviewMode) => ['decks', 'review', categoryId, mode] as const,
};

/** A review session of one of my categories: due cards oldest first, then today's new ones. */
export const getReviewSession = (categoryId: number, mode: ReviewMode, signal?: AbortSignal) =>
  api.call(reviewRoutes.reviewSession, { params: { id: categoryId }, query: { mode }, signal });

/** One answer: counted as a practice answer and rescheduled; a free user past the limit gets 403. */
export const answerReview = (cardId: number, body: ReviewAnswerBody) =>
  api.call(reviewRoutes.reviewAnswer, { params: { id: cardId }, body });
