import { testRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** A test of mine a game is made of: its name, for the new game's form. */
export const useLiveTest = (id: number | null) =>
  useQuery({
    queryKey: liveKeys.test(id ?? 0),
    queryFn: ({ signal }) => api.call(testRoutes.test, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
