import { type CardExportFormat, cardRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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

/** Saves a file the browser got in the downloads, under its name. */
const save = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

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
  save(blob, fileName ?? `cards.${EXTENSIONS[format]}`);
};

export const useExportCards = () => useMutation({ mutationFn: exportCards });
