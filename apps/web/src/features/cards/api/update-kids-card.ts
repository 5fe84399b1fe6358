import { cardRoutes, kidsCardSchema } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { type KidsCardFields, kidsCardForm } from './create-kids-card';

/** Multipart; the picture and the sound change only when new ones are sent. */
export const updateKidsCard = ({ id, ...fields }: KidsCardFields & { id: number }) =>
  api.request(cardRoutes.updateKidsCard, {
    params: { id },
    body: kidsCardForm(fields),
    schema: kidsCardSchema,
  });

export const useUpdateKidsCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKidsCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
