import { reportRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

/** A page of 20 of a student's report rows: their categories and learning paths, newest first. */
export const getReports = (userEmail: string, page: number, signal?: AbortSignal) =>
  api.call(reportRoutes.reports, { query: { userEmail, page }, signal });

export const useReports = (userEmail: string, page: number) =>
  useQuery({
    queryKey: reportKeys.rows(userEmail, page),
    queryFn: ({ signal }) => getReports(userEmail, page, signal),
    placeholderData: keepPreviousData,
  });
