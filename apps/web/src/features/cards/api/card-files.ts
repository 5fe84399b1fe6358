import { type CardExportFormat, type CardImport, cardRoutes } from '@flashcards/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';
import { deckKeys } from '../../../lib/deck-keys';

/** How often a running import is asked for its progress. */
export const CARD_IMPORT_POLL_MS = 1000;

const cardImportKey = (id: string) => ['card-import', id] as const;

export const isImportFinished = (cardImport: CardImport | undefined) =>
  cardImport?.status === 'SUCCESS' || cardImport?.status === 'FAILURE';

/**
 * Starts importing an Anki package into a category, in the background; `language` is every card's in a
 * kids category. Answers the import, to be polled.
 */
export const startCardImport = ({
  categoryId,
  file,
  language,
}: {
  categoryId: number;
  file: File;
  language?: string;
}) => api.call(cardRoutes.startCardImport, { body: { category_id: categoryId, file, language } });

export const useStartCardImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCardImport,
    // The answer is the import's first state: its progress shows without waiting for the first poll.
    onSuccess: (started) => queryClient.setQueryData(cardImportKey(started.id), started),
  });
};

export const getCardImport = (id: string, signal?: AbortSignal) =>
  api.call(cardRoutes.cardImport, { params: { id }, signal });

/**
 * A running import, polled every second until it succeeds or fails (also while the tab is in the
 * background); idle without one. Its success refreshes the category's cards and counts.
 */
export function useCardImport(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cardImportKey(id ?? ''),
    queryFn: ({ signal }) => getCardImport(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (current) => (isImportFinished(current.state.data) ? false : CARD_IMPORT_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const succeeded = id !== null && query.data?.status === 'SUCCESS';
  useEffect(() => {
    if (succeeded) void queryClient.invalidateQueries({ queryKey: deckKeys.all });
  }, [succeeded, queryClient]);
  return query;
}

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
