import { privateSendingRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { inboxCountKey } from '../../../lib/inbox-count';
import { socialKeys } from './social-keys';

/** Accepts an offered category: a copy of it, with its cards, becomes mine. */
export const acceptOffer = (categoryId: number) =>
  api.call(privateSendingRoutes.acceptOffer, { body: { category_id: categoryId } });

export const useAcceptOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: socialKeys.inbox() }),
        queryClient.invalidateQueries({ queryKey: inboxCountKey }),
        queryClient.invalidateQueries({ queryKey: deckKeys.all }),
      ]),
  });
};
