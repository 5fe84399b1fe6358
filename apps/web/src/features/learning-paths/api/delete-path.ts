import { learningPathRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** Deletes a path I assigned, with its student's progress on it. */
export const deletePath = (id: number) => api.call(learningPathRoutes.deletePath, { params: { id } });

export const useDeletePath = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePath,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  });
};
