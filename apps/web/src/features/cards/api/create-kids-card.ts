import { type BodyOf, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/**
 * A kids card's fields: the picture is required on create; the sound (a file or a recording) is optional.
 * On edit each file is sent only when it changes.
 */
export type KidsCardFields = BodyOf<typeof cardRoutes.createKidsCard>;

export const createKidsCard = (body: KidsCardFields) => api.call(cardRoutes.createKidsCard, { body });

export const useCreateKidsCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKidsCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
