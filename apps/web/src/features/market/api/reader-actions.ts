import { marketRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { marketKeys } from './market-keys';

/** Rates a catalog category from 1 to 5; a second rating replaces the first. */
export const rateCategory = ({ id, rating }: { id: number; rating: number }) =>
  api.call(marketRoutes.rate, { params: { id }, body: { rating } });

export const useRateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
};

/** Reports a catalog category to the staff. */
export const reportCategory = ({ id, reason }: { id: number; reason: string }) =>
  api.call(marketRoutes.report, { params: { id }, body: { reason } });

export const useReportCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  });
};

/** Copies a catalog category with its cards into my account. */
export const adoptCategory = (id: number) => api.call(marketRoutes.adopt, { body: { category_id: id } });

export const useAdoptCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adoptCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: deckKeys.all }),
      ]),
  });
};
