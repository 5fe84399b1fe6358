import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Deletes the category with its cards and their files. */
export const deleteCategory = (id: number) => api.call(cardRoutes.deleteCategory, { params: { id } });

export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: deckKeys.category(id) });
      return queryClient.invalidateQueries({ queryKey: deckKeys.all });
    },
  });
};
