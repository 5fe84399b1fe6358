import { reportRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

export type StudentsFilter = { page: number; search: string };

/** A page of 20 of the students I reach, by name; `search` matches a part of the name or e-mail. */
export const getReportStudents = ({ page, search }: StudentsFilter, signal?: AbortSignal) =>
  api.call(reportRoutes.reportStudents, { query: { page, search: search || undefined }, signal });

export const useReportStudents = (filter: StudentsFilter) =>
  useQuery({
    queryKey: reportKeys.students(filter),
    queryFn: ({ signal }) => getReportStudents(filter, signal),
    placeholderData: keepPreviousData,
  });
