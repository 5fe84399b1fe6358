import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import type { DeckKind } from '../../../components/deck/deck-source';
import { deckQueryDefaults } from '../../../components/deck/deck-source';
import { api } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** A catalog category's cards in the order they were made (no sign-in, no scores). */
export const getPublicDeck = (kind: DeckKind, categoryId: number, tags: string[], signal?: AbortSignal) =>
  api.call(kind === 'text' ? cardRoutes.publicTextCards : cardRoutes.publicPictureCards, {
    query: { category_id: categoryId, tags: tags.length > 0 ? tags.join(',') : undefined },
    signal,
  });

export const usePublicDeck = (kind: DeckKind, categoryId: number, tags: string[]) =>
  useQuery({
    queryKey: practiceKeys.publicDeck(kind, categoryId, tags),
    queryFn: ({ signal }) => getPublicDeck(kind, categoryId, tags, signal),
    ...deckQueryDefaults,
  });
