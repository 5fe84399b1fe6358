import { useEffect } from 'react';
import { hasStatus } from './api-errors';

/**
 * Whether a paged list landed past its end: the server answers a page that no longer exists (its last
 * item went, or an old address) with 404. `back` moves the address to a page that exists; the list shows
 * its loading state meanwhile (QueryState's `waiting`).
 */
export function usePastTheEnd(
  query: { isError: boolean; error: unknown },
  page: number,
  back: () => void,
): boolean {
  const past = query.isError && hasStatus(query.error, 404) && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list lands past its end, on each page
  useEffect(() => {
    if (past) back();
  }, [past, page]);
  return past;
}
