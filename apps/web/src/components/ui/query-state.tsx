import type { ReactNode } from 'react';
import { hasStatus } from '../../lib/api-errors';
import { RequestError } from './request-error';

/** What QueryState reads of a react-query result. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown until the first answer: a skeleton or loader that carries its own label (aria-label or text). */
  loading: ReactNode;
  /** Shows `loading` while this holds too: a page past the end of a list, on its way back to the first. */
  waiting?: boolean;
  /**
   * A failed load, with a retry; the request's error (offline, or the server's message) by default. It is
   * an alert, so screen readers announce it.
   */
  error?: (error: unknown, retry: () => void) => ReactNode;
  /** Shown instead of `error` when the server does not know the object for this visitor (404). */
  missing?: ReactNode;
  /**
   * With `keepData`, a failed refetch leaves the data it had on screen (lists that keep the last page while
   * the next loads); without it, any failure replaces the data.
   */
  keepData?: boolean;
  /** Whether the data counts as empty, for `empty`. */
  isEmpty?: (data: T) => boolean;
  /** Shown instead of the data when `isEmpty` says so. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The ladder of a loaded view, once: loading, failed, empty, then the data.
 *
 *     <QueryState query={list} loading={<Skeleton aria-label={…} />} isEmpty={(d) => !d.length} empty={…}>
 *       {(items) => …}
 *     </QueryState>
 */
export function QueryState<T>({
  query,
  loading,
  waiting = false,
  error,
  missing,
  keepData = false,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  const { data } = query;
  if (query.isPending || waiting) return <>{loading}</>;
  if (query.isError && (data === undefined || !keepData)) {
    if (missing !== undefined && hasStatus(query.error, 404)) return <>{missing}</>;
    const retry = () => {
      query.refetch();
    };
    return <>{error ? error(query.error, retry) : <RequestError error={query.error} onRetry={retry} />}</>;
  }
  // Neither pending nor failed: react-query has the data.
  const loaded = data as T;
  if (isEmpty?.(loaded)) return <>{empty ?? null}</>;
  return <>{children(loaded)}</>;
}
