import { examRoutes } from '@flashcards/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { testKeys } from './test-keys';

/** How often the live view asks again while its tab is shown (react-query pauses it while hidden). */
export const LIVE_REFRESH_MS = 5_000;

export type Sitting = { startAt: string; endAt: string } | null;

/**
 * One sitting of a test of mine as it goes (its counts and a page of its students), asked again every few
 * seconds while the tab is shown.
 */
export const useExamLive = (testId: number, sitting: Sitting, page: number) =>
  useQuery({
    queryKey: [...testKeys.live(testId), sitting, page],
    queryFn: ({ signal }) =>
      api.call(examRoutes.examLive, {
        params: { id: testId },
        query: { page, ...(sitting ? { start_at: sitting.startAt, end_at: sitting.endAt } : {}) },
        signal,
      }),
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

/** Reopening changes the live view, the exams list and its counts: everything under `all` refreshes. */
export const useReopenExam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, minutes }: { id: number; minutes: number }) =>
      api.call(examRoutes.reopenExam, { params: { id }, body: { minutes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
};
