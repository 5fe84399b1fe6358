import { type ExamStatus, examRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

export const examSorts = ['newest', 'oldest', 'az', 'za'] as const;
export type ExamSort = (typeof examSorts)[number];

const sortParams: Record<ExamSort, { sort_by: 'date' | 'alphabetical'; sort_order: 'asc' | 'desc' }> = {
  newest: { sort_by: 'date', sort_order: 'desc' },
  oldest: { sort_by: 'date', sort_order: 'asc' },
  az: { sort_by: 'alphabetical', sort_order: 'asc' },
  za: { sort_by: 'alphabetical', sort_order: 'desc' },
};

export const isExamSort = (value: unknown): value is ExamSort =>
  (examSorts as readonly unknown[]).includes(value);

export type StudentExamsParams = { page: number; sort: ExamSort; search: string; status: ExamStatus | null };

/** A page of 20 of the exams given to me, sorted, searched by the test's name, of one status or all. */
export const getStudentExams = ({ page, sort, search, status }: StudentExamsParams, signal?: AbortSignal) =>
  api.call(examRoutes.studentExams, {
    query: { page, ...sortParams[sort], search: search || undefined, status: status ?? undefined },
    signal,
  });

export const useStudentExams = (params: StudentExamsParams) =>
  useQuery({
    queryKey: [...examKeys.studentPages(), params],
    queryFn: ({ signal }) => getStudentExams(params, signal),
    placeholderData: keepPreviousData,
  });
