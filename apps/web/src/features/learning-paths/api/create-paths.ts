import { type LearningPathInput, learningPathRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** Assigns the paths at once (one per student); the answer names the students left out, and why. */
export const createPaths = (paths: LearningPathInput[]) =>
  api.call(learningPathRoutes.createPaths, { body: paths });

export const useCreatePaths = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaths,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  });
};
