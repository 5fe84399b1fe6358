import { queryOptions, useQuery } from '@tanstack/react-query';

export const publicStatsQuery = queryOptions({
  queryKey: ['public-stats'],
  // The call's code (with the client and the schemas) loads with the call, not with the home page.
  queryFn: ({ signal }) => import('./public-stats-call').then((call) => call.getPublicStats(signal)),
  staleTime: 5 * 60_000,
});

export const usePublicStats = () => useQuery(publicStatsQuery);
