import { type ExamCreateInput, type ExamStatus, examRoutes, userGroupRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListSort, sortQuery } from '../../../lib/list-params';
import { testKeys } from './test-keys';

export type ExamFilters = { testId: number | null; status: ExamStatus | null; search: string };
export type ExamListParams = ExamFilters & { page: number; sort: ListSort };

const filterQuery = ({ testId, status, search }: ExamFilters) => ({
  test_id: testId ?? undefined,
  status: status ?? undefined,
  search: search || undefined,
});

/** A page of 20 of the exams I gave, sorted and filtered by test, status and student. */
export const useTeacherExams = (params: ExamListParams) =>
  useQuery({
    queryKey: [...testKeys.exams(), params],
    queryFn: ({ signal }) =>
      api.call(examRoutes.teacherExams, {
        query: { page: params.page, ...sortQuery[params.sort], ...filterQuery(params) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The counts by status and grade of the exams the filters select. */
export const useExamSummary = (filters: ExamFilters) =>
  useQuery({
    queryKey: [...testKeys.summary(), filters],
    queryFn: ({ signal }) => api.call(examRoutes.examSummary, { query: filterQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

/** People I may give an exam to, by name or whole e-mail (at most 20). */
export const useExamStudentSearch = (search: string) =>
  useQuery({
    queryKey: testKeys.students(search),
    queryFn: ({ signal }) => api.call(examRoutes.examStudentsSearch, { query: { search }, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });

/** All my user groups (an exam can go to each member of one). */
export const useMyGroups = (enabled = true) =>
  useQuery({
    queryKey: testKeys.groups(),
    queryFn: ({ signal }) => api.call(userGroupRoutes.userGroups, { query: {}, signal }),
    enabled,
  });

/** Exams change the tests' counts and locks too: everything under `all` is refreshed. */
const useExamMutation = <Input, Output>(call: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};

export const useCreateExams = () =>
  useExamMutation((body: ExamCreateInput) => api.call(examRoutes.createExams, { body }));

export const useExtraTime = () =>
  useExamMutation(({ id, minutes }: { id: number; minutes: number }) =>
    api.call(examRoutes.updateExam, { params: { id }, body: { extra_minutes: minutes } }),
  );

export const useDeleteExam = () =>
  useExamMutation((id: number) => api.call(examRoutes.deleteExam, { params: { id } }));
