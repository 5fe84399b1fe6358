import { practiceRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** My practice activity, one entry per day, newest first. */
export const activityQuery = queryOptions({
  queryKey: ['activity'],
  queryFn: ({ signal }) => api.call(practiceRoutes.myActivity, { signal }),
});

export const useActivity = () => useQuery(activityQuery);
