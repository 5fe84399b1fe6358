import { reviewRoutes } from '@flashcards/contract';
import { api } from '../../lib/api-client';

/** The query key of the cards due over all my categories: under the decks' root, so a change of cards refreshes it too. */
export const reviewSummaryKey = ['decks', 'review-summary'] as const;

export const getReviewSummary = (signal?: AbortSignal) => api.call(reviewRoutes.reviewSummary, { signal });
