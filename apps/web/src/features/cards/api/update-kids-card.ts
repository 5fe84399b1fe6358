import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import type { KidsCardFields } from './create-kids-card';

/** Multipart; the picture and the sound change only when new ones are sent. */
export const updateKidsCard = ({ id, ...body }: KidsCardFields & { id: number }) =>
  api.call(cardRoutes.updateKidsCard, { params: { id }, body });

export const useUpdateKidsCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKidsCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
