import { useEffect } from 'react';

/**
 * Calls `reset` when the browser comes back to this page from its history cache (the Back button on the
 * provider's page), which shows the page as it was left: a button still spinning for a page long gone.
 */
export function useResetOnReturn(reset: () => void): void {
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
}
