import { examRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/** The teacher's mending of an attempt from its details: the exam is read again after. */
const useMend = (call: (input: { id: number; minutes: number }) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
};

/** Reopens a completed attempt for at least `minutes` from now. */
export const useReopenAttempt = () =>
  useMend(({ id, minutes }) => api.call(examRoutes.reopenExam, { params: { id }, body: { minutes } }));

/** Sets the student's extra time (minutes after the common end). */
export const useSetExtraTime = () =>
  useMend(({ id, minutes }) =>
    api.call(examRoutes.updateExam, { params: { id }, body: { extra_minutes: minutes } }),
  );
