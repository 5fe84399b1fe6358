import { guardianRoutes } from '@flashcards/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** My guardian's e-mail and its state (students only), or null. */
export const myGuardianQuery = queryOptions({
  queryKey: ['my-guardian'],
  queryFn: ({ signal }) => api.call(guardianRoutes.myGuardian, { signal }),
});

export const useMyGuardian = () => useQuery(myGuardianQuery);

/** Sets (the guardian is mailed a link to confirm) or removes my guardian's e-mail. */
export const useMyGuardianChange = () => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: myGuardianQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: (body: { email: string; language: 'en' | 'bg' }) =>
        api.call(guardianRoutes.setMyGuardian, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api.call(guardianRoutes.removeMyGuardian),
      onSuccess: refresh,
    }),
  };
};
