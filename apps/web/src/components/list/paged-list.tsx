import { EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { pageCount } from '../../lib/deck-keys';
import { Pager } from '../ui/pager';
import { type QueryLike, QueryState } from '../ui/query-state';

/** A page of a list as the server answers it. */
interface Paged<T> {
  count: number;
  results: T[];
}

export interface PagedListProps<T> {
  /** The list's query; while the next page loads the last one stays, marked busy. */
  query: QueryLike<Paged<T>> & { isFetching: boolean };
  /** The label of the skeleton rows shown until the first page. */
  loadingLabel: string;
  /** The height of one skeleton row, near that of a loaded row. */
  rowHeight: number;
  /** A search or filter found nothing: a line saying so. */
  noMatches: string | null;
  /** Nothing at all yet: a title and a hint. */
  empty: { icon: ReactNode; title: string; description: string };
  itemKey: (item: T) => Key;
  item: (item: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
}

/**
 * A paged list of people as cards (the report's students, the school's members): three skeleton rows
 * until the first page, the error with a retry, the empty state, the list, then the pager (20 a page).
 */
export function PagedList<T>({
  query,
  loadingLabel,
  rowHeight,
  noMatches,
  empty,
  itemKey,
  item,
  page,
  onPage,
}: PagedListProps<T>) {
  const data = query.data;
  return (
    <>
      <QueryState
        query={query}
        keepData
        loading={
          <Stack gap="xs" aria-busy="true" aria-label={loadingLabel}>
            <Skeleton h={rowHeight} radius="md" />
            <Skeleton h={rowHeight} radius="md" />
            <Skeleton h={rowHeight} radius="md" />
          </Stack>
        }
        isEmpty={(list) => list.count === 0}
        empty={
          noMatches !== null ? (
            <Text c="dimmed">{noMatches}</Text>
          ) : (
            <EmptyState
              icon={empty.icon}
              withIndicatorBackground
              title={empty.title}
              description={empty.description}
            />
          )
        }
      >
        {(list) => (
          <Stack
            component="ul"
            gap="xs"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-busy={query.isFetching}
          >
            {list.results.map((entry) => (
              <li key={itemKey(entry)}>{item(entry)}</li>
            ))}
          </Stack>
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={onPage} />
    </>
  );
}
