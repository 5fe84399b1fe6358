import { aiRoutes, type BodyOf } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';
import { deckKeys } from '../../../lib/deck-keys';

export const createAiCards = (body: BodyOf<typeof aiRoutes.createAiCards>) =>
  api.call(aiRoutes.createAiCards, { body });

/** Saves reviewed cards as a new AI category; every list and count of categories shows it then. */
export const useCreateAiCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAiCards,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deckKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]),
  });
};
