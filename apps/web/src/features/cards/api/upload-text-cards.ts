import { cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

const _createdSchema = z.object({ created: z.number().int() });

/** Adds the cards of a file to a text category, all or none; answers how many were created. */
export const uploadTextCards = ({ categoryId, file }: { categoryId: number; file: File }) =>
  api.call(cardRoutes.uploadTextCards, { body: { category_id: categoryId, file } });

export const useUploadTextCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTextCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};
