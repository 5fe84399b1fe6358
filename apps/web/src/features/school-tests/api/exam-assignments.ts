import { type ExamAssignmentEditInput, type ExamAssignmentInput, examRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { testKeys } from './test-keys';

/** A page of the exams I gave to classes and groups, newest first, each once. */
export const useExamAssignments = (page: number) =>
  useQuery({
    queryKey: testKeys.assignments(page),
    queryFn: ({ signal }) => api.call(examRoutes.examAssignments, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** One exam given to a class or a group, with each student's exam. */
export const useExamAssignment = (id: number) =>
  useQuery({
    queryKey: testKeys.assignment(id),
    queryFn: ({ signal }) => api.call(examRoutes.examAssignment, { params: { id }, signal }),
    enabled: id > 0,
  });

/** An assignment changes its students' exams and the tests' counts: everything under `all` is refreshed. */
const useAssignmentChange = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};

/** Gives a test as an exam to a class or a group: its students now, and whoever joins while it runs. */
export const useCreateExamAssignment = () =>
  useAssignmentChange((body: ExamAssignmentInput) => api.call(examRoutes.createExamAssignment, { body }));

/** Changes the window or options for all its students, keeping their attempts. */
export const useUpdateExamAssignment = () =>
  useAssignmentChange(({ id, body }: { id: number; body: ExamAssignmentEditInput }) =>
    api.call(examRoutes.updateExamAssignment, { params: { id }, body }),
  );

/**
 * Deletes the assignment with its students' exams and results. Its own page is left afterwards rather than
 * reloaded into "not found".
 */
export const useDeleteExamAssignment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(examRoutes.deleteExamAssignment, { params: { id } }),
    onSuccess: (_, id) =>
      queryClient.invalidateQueries({
        queryKey: testKeys.all,
        predicate: ({ queryKey }) => queryKey[1] !== 'assignment' || queryKey[2] !== id,
      }),
  });
};
