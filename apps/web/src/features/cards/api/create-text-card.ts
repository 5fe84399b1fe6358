import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

export type TextCardFields = { first_side: string; second_side: string; category: number; tag: string };

export const createTextCard = (body: TextCardFields) => api.call(cardRoutes.createTextCard, { body });

export const useCreateTextCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTextCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
