import { type CreateLiveGameBody, liveRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** Opens a game of one of my categories: its questions are drafted now and it waits for players. */
export const createLiveGame = (body: CreateLiveGameBody) => api.call(liveRoutes.createLiveGame, { body });

export const useCreateLiveGame = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLiveGame,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.games() }),
  });
};
