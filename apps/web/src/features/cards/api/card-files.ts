import { type CardExportFormat, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';
import { deckKeys } from '../../../lib/deck-keys';

/** Adds the cards of an Anki package to a picture category, all or none; answers how many were created. */
export const uploadPictureCards = ({ categoryId, file }: { categoryId: number; file: File }) =>
  api.call(cardRoutes.uploadPictureCards, { body: { category_id: categoryId, file } });

export const useUploadPictureCards = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPictureCards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deckKeys.all }),
  });
};

const EXTENSIONS: Record<CardExportFormat, string> = { apkg: 'apkg', csv: 'csv', quizlet: 'txt' };

/** Downloads a category's cards in a format, named by the server after the category. */
export const exportCards = async ({
  categoryId,
  format,
}: {
  categoryId: number;
  format: CardExportFormat;
}) => {
  const { blob, fileName } = await api.download(cardRoutes.exportCards, {
    params: { id: categoryId },
    query: { format },
  });
  saveFile(blob, fileName ?? `cards.${EXTENSIONS[format]}`);
};

export const useExportCards = () => useMutation({ mutationFn: exportCards });
