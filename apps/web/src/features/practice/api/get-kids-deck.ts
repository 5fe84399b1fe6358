import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { deckQueryDefaults } from '../../../components/deck/deck-source';
import { api } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** Every card of one of my kids categories, oldest first. */
export const getKidsDeck = (categoryId: number, signal?: AbortSignal) =>
  api.call(cardRoutes.kidsCards, { query: { category_id: categoryId }, signal });

export const useKidsDeck = (categoryId: number) =>
  useQuery({
    queryKey: practiceKeys.kidsDeck(categoryId),
    queryFn: ({ signal }) => getKidsDeck(categoryId, signal),
    ...deckQueryDefaults,
  });
