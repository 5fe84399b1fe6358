import { cardRoutes } from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** My AI categories, newest first, a page of 20. */
export const getAiCategories = (page: number, signal?: AbortSignal) =>
  api.call(cardRoutes.categories, {
    query: { page, ai_created: 'True', sort_by: 'date', sort_order: 'desc' },
    signal,
  });

export const aiCategoriesQuery = (page: number) =>
  queryOptions({
    queryKey: [...deckKeys.categoryPages('ai'), page],
    queryFn: ({ signal }) => getAiCategories(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAiCategories = (page: number) => useQuery(aiCategoriesQuery(page));
