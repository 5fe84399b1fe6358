import { learningPathRoutes, type PathTestInput } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** Opens my path's test: its exam, made the first time, to take on the exam page. */
export const openPathTest = (id: number) =>
  api.call(learningPathRoutes.openPathTest, { params: { id }, body: {} });

export const useOpenPathTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openPathTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  });
};

/** Attaches, changes or removes (`test: null`) the test of a path I assigned. */
export const setPathTest = ({ id, body }: { id: number; body: PathTestInput }) =>
  api.call(learningPathRoutes.pathTest, { params: { id }, body });

export const useSetPathTest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPathTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  });
};
