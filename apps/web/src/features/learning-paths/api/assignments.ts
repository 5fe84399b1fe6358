import { learningPathRoutes, type PathAssignmentInput, type PathEditInput } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';

/** A page of the paths I gave to classes and groups, newest first. */
export const getAssignments = (page: number, signal?: AbortSignal) =>
  api.call(learningPathRoutes.assignments, { query: { page }, signal });

export const useAssignments = (page: number) =>
  useQuery({
    queryKey: pathKeys.assignments(page),
    queryFn: ({ signal }) => getAssignments(page, signal),
    placeholderData: keepPreviousData,
  });

/** One assignment with each student's path. */
export const getAssignment = (id: number, signal?: AbortSignal) =>
  api.call(learningPathRoutes.assignment, { params: { id }, signal });

export const useAssignment = (id: number) =>
  useQuery({
    queryKey: pathKeys.assignment(id),
    queryFn: ({ signal }) => getAssignment(id, signal),
    enabled: id > 0,
  });

/** Any change to paths refreshes every list and page of them. */
const usePathChange = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathKeys.all }),
  });
};

/** Gives a path to a class or a group. */
export const useCreateAssignment = () =>
  usePathChange((body: PathAssignmentInput) => api.call(learningPathRoutes.createAssignment, { body }));

/** Changes an assignment for all its students, keeping their progress. */
export const useUpdateAssignment = () =>
  usePathChange(({ id, body }: { id: number; body: PathEditInput }) =>
    api.call(learningPathRoutes.updateAssignment, { params: { id }, body }),
  );

export const useDeleteAssignment = () =>
  usePathChange((id: number) => api.call(learningPathRoutes.deleteAssignment, { params: { id } }));

/** Changes a path given to a named student, keeping its progress. */
export const useUpdatePath = () =>
  usePathChange(({ id, body }: { id: number; body: PathEditInput }) =>
    api.call(learningPathRoutes.updatePath, { params: { id }, body }),
  );
