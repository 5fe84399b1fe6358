import { cardRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';
import { deckKeys } from './deck-keys';

/** Calls that the cards and the practice features both make about one of my categories. */

/** One of my categories with its counts (learned counts change as answers come in); another user's answers 404. */
export const getCategory = (id: number, signal?: AbortSignal) =>
  api.call(cardRoutes.category, { params: { id }, signal });

export const categoryQuery = (id: number) =>
  queryOptions({
    queryKey: deckKeys.category(id),
    queryFn: ({ signal }) => getCategory(id, signal),
  });

export const useCategory = (id: number) => useQuery(categoryQuery(id));

const _tagsSchema = z.array(z.string());

/** The tags used in a text or picture category (kids cards have none). */
export const getTags = (kind: 'text' | 'picture', categoryId: number, signal?: AbortSignal) =>
  api.call(kind === 'text' ? cardRoutes.textTags : cardRoutes.pictureTags, {
    query: { category_id: categoryId },
    signal,
  });

export const tagsQuery = (kind: 'text' | 'picture', categoryId: number) =>
  queryOptions({
    queryKey: [...deckKeys.tags(categoryId), kind],
    queryFn: ({ signal }) => getTags(kind, categoryId, signal),
  });

export const useTags = (kind: 'text' | 'picture' | 'kids', categoryId: number, enabled = true) =>
  useQuery({
    ...tagsQuery(kind === 'kids' ? 'text' : kind, categoryId),
    enabled: enabled && kind !== 'kids',
  });
