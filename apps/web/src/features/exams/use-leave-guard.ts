import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * While an attempt is open, leaving its page asks first: a move to another page of the app is held
 * until the student confirms (the page shows the question for the returned blocker: stay with `reset`,
 * leave with `proceed`), and closing or reloading the tab gets the browser's own leave prompt. A change
 * of the address's search or hash on the same page is not a leave.
 */
export function useLeaveGuard(active: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  // A blocked move whose attempt closed meanwhile (finished, time up) goes on without asking.
  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  return blocker;
}
