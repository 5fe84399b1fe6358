import { type CardType, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type CategoryChanges = {
  name: string;
  description: string;
  language: string;
  topic: string;
  /** Only while the category has no cards (the server refuses it otherwise). */
  type_of_cards?: CardType;
};

export const updateCategory = ({ id, ...body }: CategoryChanges & { id: number }) =>
  api.call(cardRoutes.updateCategory, { params: { id }, body });

export const useUpdateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
