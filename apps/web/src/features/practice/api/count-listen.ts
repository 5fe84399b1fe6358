import { cardRoutes, type KidsCard } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Counts one listen of a kids card (the server adds one whatever the value sent). */
export const countListen = (card: KidsCard) =>
  api.call(cardRoutes.updateKidsCard, {
    params: { id: card.id },
    body: { listen_counts: card.listen_counts + 1 },
    encoding: 'json',
  });

export const useCountListen = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: countListen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
