import { liveRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** The games I hosted, the latest first. */
export const getLiveGames = (signal?: AbortSignal) => api.call(liveRoutes.liveGames, { signal });

export const useLiveGames = () =>
  useQuery({ queryKey: liveKeys.games(), queryFn: ({ signal }) => getLiveGames(signal) });
