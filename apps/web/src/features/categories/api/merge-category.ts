import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Moves the child's cards into the parent and deletes the child (cannot be undone). */
export const mergeCategory = ({ parentId, childId }: { parentId: number; childId: number }) =>
  api.call(cardRoutes.mergeCategory, {
    body: { parent_category_id: parentId, child_category_id: childId },
  });

export const useMergeCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCategory,
    onSuccess: (_, { childId }) => {
      queryClient.removeQueries({ queryKey: deckKeys.category(childId) });
      return queryClient.invalidateQueries({ queryKey: deckKeys.all });
    },
  });
};
