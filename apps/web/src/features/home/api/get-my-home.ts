import { homeRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const myHomeKey = ['my-home'] as const;

/** My home: what each of my roles has to do today (`GET home/`). */
export const getMyHome = (signal?: AbortSignal) => api.call(homeRoutes.home, { signal });

/** The home, fetched again when the window comes back into view: the day moves on. */
export const useMyHome = () =>
  useQuery({ queryKey: myHomeKey, queryFn: ({ signal }) => getMyHome(signal), refetchOnWindowFocus: true });
