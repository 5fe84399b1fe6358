import { privateSendingRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inboxCountKey } from '../../../lib/inbox-count';
import { socialKeys } from './social-keys';

/** Declines an offered category, named by its id. */
export const declineOffer = (categoryId: number) =>
  api.call(privateSendingRoutes.declineOffer, { params: { id: categoryId } });

export const useDeclineOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: socialKeys.inbox() }),
        queryClient.invalidateQueries({ queryKey: inboxCountKey }),
      ]),
  });
};
