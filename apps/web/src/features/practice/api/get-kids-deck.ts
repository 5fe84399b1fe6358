import { cardRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { deckQueryDefaults } from '../../../components/deck/deck-source';
import { api, orOnDevice } from '../../../lib/api-client';
import { practiceKeys } from './practice-keys';

/** Every card of one of my kids categories, oldest first; without the network, those kept on this device. */
export const getKidsDeck = (categoryId: number, signal?: AbortSignal) =>
  orOnDevice(
    () => api.call(cardRoutes.kidsCards, { query: { category_id: categoryId }, signal }),
    () => import('../../../lib/offline/offline-practice').then((offline) => offline.keptKidsDeck(categoryId)),
  );

export const useKidsDeck = (categoryId: number) =>
  useQuery({
    queryKey: practiceKeys.kidsDeck(categoryId),
    queryFn: ({ signal }) => getKidsDeck(categoryId, signal),
    ...deckQueryDefaults,
  });
