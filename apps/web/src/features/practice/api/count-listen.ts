import { cardRoutes, type KidsCard } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isUnreachable } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/**
 * Counts one listen of a kids card (the server adds one whatever the value sent); without the network it
 * is kept on the device and sent when the network returns.
 */
export const countListen = async (card: KidsCard): Promise<KidsCard> => {
  try {
    return await api.call(cardRoutes.updateKidsCard, {
      params: { id: card.id },
      body: { listen_counts: card.listen_counts + 1 },
      encoding: 'json',
    });
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const { listenOffline } = await import('../../../lib/offline/offline-practice');
    return listenOffline(card);
  }
};

export const useCountListen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: countListen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
