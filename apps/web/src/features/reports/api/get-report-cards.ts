import { reportRoutes } from '@flashcards/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ReportSource, reportKeys } from './report-keys';

/** A page of 20 cards of one of the student's categories or paths, with the student's scores. */
export const getReportCards = (userEmail: string, source: ReportSource, page: number, signal?: AbortSignal) =>
  api.call(reportRoutes.reportCards, { query: { userEmail, page, ...source }, signal });

export const useReportCards = (userEmail: string, source: ReportSource, page: number) =>
  useQuery({
    queryKey: reportKeys.cards(userEmail, source, page),
    queryFn: ({ signal }) => getReportCards(userEmail, source, page, signal),
    placeholderData: keepPreviousData,
  });
