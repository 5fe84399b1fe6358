import { type BodyOf, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** A picture with its rectangles (JSON text) and the mode: a card per rectangle. */
export type OcclusionCardsFields = BodyOf<typeof cardRoutes.createOcclusionCards>;

export const useCreateOcclusionCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OcclusionCardsFields) => api.call(cardRoutes.createOcclusionCards, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
