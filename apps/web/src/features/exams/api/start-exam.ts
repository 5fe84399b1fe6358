import { examRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clockOffset } from '../exam-clock';
import { examKeys } from './exam-keys';

/**
 * Starts my exam, or comes back to it: its questions with the answers saved so far, and the offset of
 * the server's clock from this device's, taken when the response arrived.
 */
export const startExam = async (id: number) => {
  const taking = await api.call(examRoutes.startExam, { params: { id }, body: {} });
  return { ...taking, offset: clockOffset(taking.exam.server_time, Date.now()) };
};

export type StartedExam = Awaited<ReturnType<typeof startExam>>;

export const useStartExam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examKeys.all }),
  });
};
