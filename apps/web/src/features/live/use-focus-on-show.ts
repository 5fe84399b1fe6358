import { useEffect, useRef } from 'react';

/**
 * Moves focus to an element (a phase's heading) when it first shows, so that keyboard and screen reader
 * users start from the top of what just changed rather than from a button that went away.
 */
export function useFocusOnShow<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
