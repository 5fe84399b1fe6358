import { useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from './session';

/** The key of the count: accepting or declining an offer refreshes it. */
export const inboxCountKey = ['inbox-count'] as const;

/**
 * How many categories sent to me wait for an answer, for the menu; looked at again every few minutes. The
 * call's code (and the routes' schemas) load with the first call of the shell, not with the app.
 */
export function useInboxCount() {
  return useQuery({
    queryKey: inboxCountKey,
    queryFn: ({ signal }) => import('./shell-calls').then((call) => call.getInboxCount(signal)),
    enabled: useIsSignedIn(),
    refetchInterval: 180_000,
    select: (answer) => answer.count,
  });
}
