import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import type { DeckKind } from '../../../components/deck/deck-source';
import { api } from '../../../lib/api-client';
import { useTags } from '../../../lib/category-queries';
import { practiceKeys } from './practice-keys';

/** The tags of a catalog category (no sign-in). */
export const getPublicTags = (kind: DeckKind, categoryId: number, signal?: AbortSignal) =>
  api.call(kind === 'text' ? cardRoutes.publicTextTags : cardRoutes.publicPictureTags, {
    query: { category_id: categoryId },
    signal,
  });

/** The tags for the filter: of one of my categories, or of a catalog category for a guest. */
export const useFilterTags = (
  kind: DeckKind,
  categoryId: number,
  { isPublic = false, enabled = true } = {},
) => {
  const mine = useTags(kind, categoryId, enabled && !isPublic);
  const catalog = useQuery({
    queryKey: practiceKeys.publicTags(kind, categoryId),
    queryFn: ({ signal }) => getPublicTags(kind, categoryId, signal),
    enabled: enabled && isPublic,
  });
  return isPublic ? catalog : mine;
};
