import { EXAM_PRESENCE_HEARTBEAT_MS, type ExamPresenceState } from '@flashcards/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { sendPresence } from './api/exam-presence';

const shownState = (): ExamPresenceState => (document.visibilityState === 'hidden' ? 'away' : 'here');

/**
 * While `active` (the attempt is open on this page), tells the server where the student is: here as the
 * page opens and every 30 s while it is shown; away when it is hidden, closed or left for another page of
 * the app; here again when it is shown (or comes back from the browser's cache).
 */
export function useExamPresence(
  id: number,
  active: boolean,
  send: (id: number, state: ExamPresenceState) => void = sendPresence,
): void {
  const sendRef = useRef(send);
  useLayoutEffect(() => {
    sendRef.current = send;
  });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!active) return;
    const report = (state: ExamPresenceState) => sendRef.current(id, state);
    report(shownState());
    const onVisibility = () => report(shownState());
    const onPageHide = () => report('away');
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) report(shownState());
    };
    const heartbeat = setInterval(() => {
      if (shownState() === 'here') report('here');
    }, EXAM_PRESENCE_HEARTBEAT_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Another page of the app: away. Strict mode's cleanup-and-run-again keeps the page mounted, and a
      // finished attempt (`active` false on the page itself) has nobody to tell.
      setTimeout(() => {
        if (!mounted.current) report('away');
      }, 0);
    };
  }, [id, active]);
}
