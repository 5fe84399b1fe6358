import { systemRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const publicStatsQuery = queryOptions({
  queryKey: ['public-stats'],
  queryFn: ({ signal }) => api.call(systemRoutes.publicStats, { signal }),
  staleTime: 5 * 60_000,
});

export const usePublicStats = () => useQuery(publicStatsQuery);
