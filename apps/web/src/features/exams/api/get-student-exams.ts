import { type ExamStatus, examRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListSort, sortQuery } from '../../../lib/list-params';
import { examKeys } from './exam-keys';

export type StudentExamsParams = { page: number; sort: ListSort; search: string; status: ExamStatus | null };

/** A page of 20 of the exams given to me, sorted, searched by the test's name, of one status or all. */
export const getStudentExams = ({ page, sort, search, status }: StudentExamsParams, signal?: AbortSignal) =>
  api.call(examRoutes.studentExams, {
    query: { page, ...sortQuery[sort], search: search || undefined, status: status ?? undefined },
    signal,
  });

export const useStudentExams = (params: StudentExamsParams) =>
  useQuery({
    queryKey: [...examKeys.studentPages(), params],
    queryFn: ({ signal }) => getStudentExams(params, signal),
    placeholderData: keepPreviousData,
  });
