import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from './session';

export const currentUserQuery = queryOptions({
  queryKey: ['current-user'],
  // The call's code loads with the first call of the shell (lib/shell-calls.ts), not with the app.
  queryFn: ({ signal }) => import('./shell-calls').then((calls) => calls.getMe(signal)),
});

/** The signed-in user; idle while signed out. Callers must cope with it failing or being absent. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: useIsSignedIn() });
}
