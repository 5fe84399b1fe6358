import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Sets every score of the category's cards to zero (cannot be undone). */
export const resetCategory = (categoryId: number) =>
  api.call(cardRoutes.resetCategory, { body: { category_id: categoryId } });

export const useResetCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
