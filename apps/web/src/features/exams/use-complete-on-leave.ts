import { useEffect, useLayoutEffect, useRef } from 'react';

/** How the student left an exam's page: to another page of the app, or out of it (tab closed, reloaded). */
export type Leaving = 'navigation' | 'unload';

/**
 * In the strict mode (the teacher's option, the spec's rule) leaving the exam page completes the exam.
 * While `active`, calls `complete` once when the page
 * goes away: when it unmounts (the student went elsewhere in the app) or on `pagehide` (the tab was
 * closed or reloaded, where only a request sent at once can still leave). Not when `active` turns false
 * on the page itself (the exam was finished there).
 */
export function useCompleteOnLeave(active: boolean, complete: (how: Leaving) => void): void {
  const completeRef = useRef(complete);
  useLayoutEffect(() => {
    completeRef.current = complete;
  });
  const mounted = useRef(false);
  const done = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!active) return;
    const leave = (how: Leaving) => {
      if (done.current) return;
      done.current = true;
      completeRef.current(how);
    };
    const onPageHide = () => leave('unload');
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // React's strict mode runs every cleanup and every effect again at once: the page only left if it
      // is still unmounted a moment later.
      setTimeout(() => {
        if (!mounted.current) leave('navigation');
      }, 0);
    };
  }, [active]);
}
