import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Adds the cards of a text file (.txt, .csv, .tsv) to a text category, all or none; how many were created. */
export const uploadTextCards = ({ categoryId, file }: { categoryId: number; file: File }) =>
  api.call(cardRoutes.uploadTextCards, { body: { category_id: categoryId, file } });

export const useUploadTextCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTextCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
