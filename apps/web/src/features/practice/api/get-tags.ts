import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { DeckKind } from './get-deck';
import { practiceKeys } from './practice-keys';

const tagsSchema = z.array(z.string());

/** The tags of one of my text or picture categories, for the filter. */
export const getTags = (kind: DeckKind, categoryId: number, signal?: AbortSignal) =>
  api.request(kind === 'text' ? cardRoutes.textTags : cardRoutes.pictureTags, {
    query: { category_id: categoryId },
    schema: tagsSchema,
    signal,
  });

/** The tags of a catalog category (no sign-in). */
export const getPublicTags = (kind: DeckKind, categoryId: number, signal?: AbortSignal) =>
  api.request(kind === 'text' ? cardRoutes.publicTextTags : cardRoutes.publicPictureTags, {
    query: { category_id: categoryId },
    schema: tagsSchema,
    auth: false,
    signal,
  });

export const useTags = (kind: DeckKind, categoryId: number, { isPublic = false, enabled = true } = {}) =>
  useQuery({
    queryKey: [...practiceKeys.tags(kind, categoryId), isPublic],
    queryFn: ({ signal }) =>
      isPublic ? getPublicTags(kind, categoryId, signal) : getTags(kind, categoryId, signal),
    enabled,
  });
