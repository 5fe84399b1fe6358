import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import type { TextCardFields } from './create-text-card';

/** An edit: PUT with the card's text fields (a PUT with one score field would count an answer instead). */
export const updateTextCard = ({ id, ...body }: TextCardFields & { id: number }) =>
  api.call(cardRoutes.updateTextCard, { params: { id }, body });

export const useUpdateTextCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTextCard,
    // Offline the call fails at once (not paused until the network is back): the form then keeps the edit
    // on the device when the card's category is kept there.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
