import { type BodyOf, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** A picture card's fields; the picture is required on create, and sent on edit only when it changes. */
export type PictureCardFields = BodyOf<typeof cardRoutes.createPictureCard>;

export const createPictureCard = (body: PictureCardFields) =>
  api.call(cardRoutes.createPictureCard, { body });

export const useCreatePictureCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPictureCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
