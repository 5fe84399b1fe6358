import { marketRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketKeys } from './market-keys';

/** The staff's queue: categories waiting for review, oldest first. */
export const getQueue = (page: number, signal?: AbortSignal) =>
  api.call(marketRoutes.moderationQueue, { query: { page }, signal });

export const useQueue = (page: number) =>
  useQuery({
    queryKey: [...marketKeys.queue(), page],
    queryFn: ({ signal }) => getQueue(page, signal),
    placeholderData: keepPreviousData,
  });

/** One category to review: its cards, its changes since the approved version, its reports. */
export const getQueueItem = (id: number, signal?: AbortSignal) =>
  api.call(marketRoutes.moderationCategory, { params: { id }, signal });

export const useQueueItem = (id: number | null) =>
  useQuery({
    queryKey: marketKeys.queueItem(id ?? 0),
    queryFn: ({ signal }) => getQueueItem(id ?? 0, signal),
    enabled: id !== null,
  });

/** Open reports of abuse, oldest first. */
export const getReports = (page: number, signal?: AbortSignal) =>
  api.call(marketRoutes.marketReports, { query: { page }, signal });

export const useReports = (page: number) =>
  useQuery({
    queryKey: [...marketKeys.reports(), page],
    queryFn: ({ signal }) => getReports(page, signal),
    placeholderData: keepPreviousData,
  });

export const approveCategory = ({ id, revision }: { id: number; revision: number }) =>
  api.call(marketRoutes.approve, { params: { id }, body: { revision } });

export const rejectCategory = ({ id, revision, reason }: { id: number; revision: number; reason: string }) =>
  api.call(marketRoutes.reject, { params: { id }, body: { reason, revision } });

export const withdrawCategory = ({ id, reason }: { id: number; reason: string }) =>
  api.call(marketRoutes.withdraw, { params: { id }, body: { reason } });

export const dismissReport = (id: number) => api.call(marketRoutes.dismissReport, { params: { id } });

/** A staff decision: the queue, the reports and the catalog all change with it. */
const useDecision = <T, R>(mutationFn: (value: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the reviewed item leaves the queue when it reloads, and the page's own callbacks of the
    // decision (its message, the next item) must run before that.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    },
  });
};

export const useApprove = () => useDecision(approveCategory);
export const useReject = () => useDecision(rejectCategory);
export const useWithdraw = () => useDecision(withdrawCategory);
export const useDismissReport = () => useDecision(dismissReport);
