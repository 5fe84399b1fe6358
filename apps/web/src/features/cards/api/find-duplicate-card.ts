import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** A text card of the category with this first side (letter case and spaces aside), or null. */
export const findDuplicateCard = (
  categoryId: number,
  firstSide: string,
  excludeId?: number,
  signal?: AbortSignal,
) =>
  api.call(cardRoutes.textCardDuplicate, {
    query: { category_id: categoryId, first_side: firstSide, exclude_id: excludeId },
    signal,
  });

/** Asked only for a side one typed (and settled: the caller debounces it). */
export const useDuplicateCard = (categoryId: number, firstSide: string, excludeId?: number) =>
  useQuery({
    queryKey: [...deckKeys.cardPages(categoryId), 'duplicate', firstSide, excludeId ?? null],
    queryFn: ({ signal }) => findDuplicateCard(categoryId, firstSide, excludeId, signal),
    enabled: firstSide.length > 0,
    staleTime: 30_000,
  });
