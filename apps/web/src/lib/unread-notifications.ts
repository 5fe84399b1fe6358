import { useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from './session';

/** The key of the unread counts: reading notifications refreshes them. */
export const unreadNotificationsKey = ['unread-notifications'] as const;

/** How often the shell asks again; several server processes answer, so nothing is pushed (docs/design.md "Notifications"). */
export const UNREAD_POLL_MS = 30_000;

/**
 * The unread notifications of the bell and the menu's badges: asked every 30 seconds while the page is
 * shown and again when the window gets the focus. The call's code loads with the shell's first call.
 */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: unreadNotificationsKey,
    queryFn: ({ signal }) => import('./shell-calls').then((call) => call.getUnreadNotifications(signal)),
    enabled: useIsSignedIn(),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
