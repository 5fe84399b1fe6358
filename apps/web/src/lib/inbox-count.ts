import { privateSendingRoutes } from '@flashcards/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useIsSignedIn } from './session';

/** The key of the count: accepting or declining an offer refreshes it. */
export const inboxCountKey = ['inbox-count'] as const;

/** How many categories sent to me wait for an answer, for the menu; looked at again every few minutes. */
export function useInboxCount() {
  return useQuery({
    queryKey: inboxCountKey,
    queryFn: ({ signal }) => api.call(privateSendingRoutes.inboxCount, { signal }),
    enabled: useIsSignedIn(),
    refetchInterval: 180_000,
    select: (answer) => answer.count,
  });
}
