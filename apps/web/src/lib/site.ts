import { queryOptions, useQuery } from '@tanstack/react-query';

/** The deployment's public facts; they do not change while the page is open. */
export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => import('./shell-calls').then((calls) => calls.getSite(signal)),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSite = () => useQuery(siteQuery);
