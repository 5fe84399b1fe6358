import { authRoutes } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useIsSignedIn } from './session';

export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  queryFn: ({ signal }) => api.call(authRoutes.me, { signal }),
});

/** The signed-in user; idle while signed out. Callers must cope with it failing or being absent. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: useIsSignedIn() });
}
