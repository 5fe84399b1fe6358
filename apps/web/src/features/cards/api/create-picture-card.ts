import { cardRoutes, pictureCardSchema } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type PictureCardFields = {
  category: number;
  second_side: string;
  tag: string;
  /** The picture; required on create, on edit only when it changes. */
  first_side: File | null;
};

/** The multipart body of a picture card: the picture is sent only when there is one. */
export const pictureCardForm = ({ category, second_side, tag, first_side }: PictureCardFields) => {
  const body = new FormData();
  body.set('category', String(category));
  body.set('second_side', second_side);
  body.set('tag', tag);
  if (first_side) body.set('first_side', first_side);
  return body;
};

export const createPictureCard = (fields: PictureCardFields) =>
  api.request(cardRoutes.createPictureCard, { body: pictureCardForm(fields), schema: pictureCardSchema });

export const useCreatePictureCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPictureCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
