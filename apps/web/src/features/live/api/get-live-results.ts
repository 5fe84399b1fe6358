import { liveRoutes } from '@flashcards/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';
import { liveKeys } from './live-keys';

/** A game's questions, standings and every player's answers. */
export const getLiveResults = (id: number, signal?: AbortSignal) =>
  api.call(liveRoutes.liveResults, { params: { id }, signal });

export const useLiveResults = (id: number) =>
  useQuery({ queryKey: liveKeys.results(id), queryFn: ({ signal }) => getLiveResults(id, signal) });

/** Downloads a game's results as a CSV file, named by the server. */
export const exportLiveResults = async (id: number) => {
  const { blob, fileName } = await api.download(liveRoutes.exportLiveResults, { params: { id } });
  saveFile(blob, fileName ?? `live-game-${id}.csv`);
};

export const useExportLiveResults = () => useMutation({ mutationFn: exportLiveResults });
