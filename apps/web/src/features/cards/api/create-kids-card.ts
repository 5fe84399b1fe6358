import { cardRoutes, kidsCardSchema } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type KidsCardFields = {
  category: number;
  second_side: string;
  language: string;
  /** The picture; required on create, on edit only when it changes. */
  first_side: File | null;
  /** A sound file or a recording; optional, and on edit only when it changes. */
  audio: File | null;
};

/** The multipart body of a kids card: files are sent only when there are some. */
export const kidsCardForm = ({ category, second_side, language, first_side, audio }: KidsCardFields) => {
  const body = new FormData();
  body.set('category', String(category));
  body.set('second_side', second_side);
  body.set('language', language);
  if (first_side) body.set('first_side', first_side);
  if (audio) body.set('audio', audio);
  return body;
};

export const createKidsCard = (fields: KidsCardFields) =>
  api.request(cardRoutes.createKidsCard, { body: kidsCardForm(fields), schema: kidsCardSchema });

export const useCreateKidsCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKidsCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
