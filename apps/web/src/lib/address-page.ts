import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { hasStatus } from './api-errors';
import { pageFromParam } from './deck-keys';

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

/**
 * The page of a list kept in the address's `page` (left out for the first): the page, the way to
 * another, and the way back to the first that replaces the address (for `usePastTheEnd`).
 */
export function useAddressPage() {
  const [params, setParams] = useSearchParams();
  return {
    page: pageFromParam(params.get('page')),
    goTo: (next: number) => setParams(next > 1 ? { page: String(next) } : {}),
    toFirst: () => setParams({}, { replace: true }),
  };
}
