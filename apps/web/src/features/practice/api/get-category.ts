import { cardRoutes, categorySchema } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** One of my categories with its learned counts (they change as answers come in). */
export const getCategory = (id: number, signal?: AbortSignal) =>
  api.request(cardRoutes.category, { params: { id }, schema: categorySchema, signal });

export const categoryQuery = (id: number) =>
  queryOptions({ queryKey: deckKeys.category(id), queryFn: ({ signal }) => getCategory(id, signal) });

export const useCategory = (id: number) => useQuery(categoryQuery(id));
