import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import type { PictureCardFields } from './create-picture-card';

/** Multipart; the picture changes only when a new one is sent. */
export const updatePictureCard = ({ id, ...body }: PictureCardFields & { id: number }) =>
  api.call(cardRoutes.updatePictureCard, { params: { id }, body });

export const useUpdatePictureCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePictureCard,
    // Offline the call fails at once (not paused until the network is back): the form then keeps the edit
    // on the device when the card's category is kept there.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
