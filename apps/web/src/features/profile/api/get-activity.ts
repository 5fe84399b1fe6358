import { activityEntrySchema, practiceRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** My practice activity, one entry per day, newest first. */
export const activityQuery = queryOptions({
  queryKey: ['activity'],
  queryFn: ({ signal }) =>
    api.request(practiceRoutes.myActivity, { schema: activityEntrySchema.array(), signal }),
});

export const useActivity = () => useQuery(activityQuery);
