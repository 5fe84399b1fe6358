import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { deckQueryDefaults } from '../../../components/deck/deck-source';
import { api, isUnreachable } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** Every card of one of my kids categories, oldest first; without the network, those kept on this device. */
export const getKidsDeck = async (categoryId: number, signal?: AbortSignal) => {
  try {
    return await api.call(cardRoutes.kidsCards, { query: { category_id: categoryId }, signal });
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const { keptKidsDeck } = await import('../../../lib/offline/offline-practice');
    const kept = await keptKidsDeck(categoryId);
    if (!kept) throw error;
    return kept;
  }
};

export const useKidsDeck = (categoryId: number) =>
  useQuery({
    queryKey: practiceKeys.kidsDeck(categoryId),
    queryFn: ({ signal }) => getKidsDeck(categoryId, signal),
    ...deckQueryDefaults,
  });
