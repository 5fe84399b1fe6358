import { systemRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The deployment's public facts; they do not change while the page is open. */
export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => api.call(systemRoutes.site, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useSite = () => useQuery(siteQuery);
