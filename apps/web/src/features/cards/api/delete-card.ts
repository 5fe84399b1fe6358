import { type CardType, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

const routes = {
  text: cardRoutes.deleteTextCard,
  picture: cardRoutes.deletePictureCard,
  kids: cardRoutes.deleteKidsCard,
} as const;

/** Deletes a card (and its picture and sound). */
export const deleteCard = ({ kind, id }: { kind: CardType; id: number }) =>
  api.call(routes[kind], { params: { id } });

export const useDeleteCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
