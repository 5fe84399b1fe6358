import { cardRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

const tagsSchema = z.array(z.string());

/** The tags used in a text or picture category (kids cards have none). */
export const getTags = (kind: 'text' | 'picture', categoryId: number, signal?: AbortSignal) =>
  api.request(kind === 'text' ? cardRoutes.textTags : cardRoutes.pictureTags, {
    query: { category_id: categoryId },
    schema: tagsSchema,
    signal,
  });

export const tagsQuery = (kind: 'text' | 'picture', categoryId: number) =>
  queryOptions({
    queryKey: [...deckKeys.tags(categoryId), kind],
    queryFn: ({ signal }) => getTags(kind, categoryId, signal),
  });

export const useTags = (kind: 'text' | 'picture' | 'kids', categoryId: number) =>
  useQuery({ ...tagsQuery(kind === 'kids' ? 'text' : kind, categoryId), enabled: kind !== 'kids' });
