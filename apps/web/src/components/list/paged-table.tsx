import { EmptyState, Skeleton, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount } from '../../lib/deck-keys';
import { Pager } from '../ui/pager';
import { type QueryLike, QueryState } from '../ui/query-state';

/** A page of a list as the server answers it. */
interface Paged<T> {
  count: number;
  results: T[];
}

export interface PagedTableProps<T> {
  /** The list's query; while the next page loads the last one stays, dimmed and marked busy. */
  query: QueryLike<Paged<T>> & { isPlaceholderData: boolean };
  /** The label of the skeleton shown until the first page. */
  loadingLabel: string;
  /** What an empty list shows: with a search or filter, a title alone; without, a hint and an action too. */
  empty: { icon: ReactNode; title: string; description?: string; action?: ReactNode };
  caption: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  /** The header cells (`Table.Th`). */
  head: ReactNode;
  /** One row (`Table.Tr`, with its key) of an item. */
  row: (item: T) => ReactNode;
  page: number;
  /** Goes to another page; the window scrolls back to the top. */
  onPage: (page: number) => void;
}

/**
 * The paged table of the teachers' and students' lists (paths, tests, exams): the loading skeleton, the
 * error with a retry, the empty state, the table, then the pager (20 a page).
 */
export function PagedTable<T>({
  query,
  loadingLabel,
  empty,
  caption,
  minWidth,
  head,
  row,
  page,
  onPage,
}: PagedTableProps<T>) {
  const data = query.data;
  return (
    <>
      <QueryState
        query={query}
        keepData
        loading={<Skeleton h={240} radius="md" aria-label={loadingLabel} />}
        isEmpty={(list) => list.count === 0}
        empty={
          <EmptyState
            icon={empty.icon}
            withIndicatorBackground
            title={empty.title}
            description={empty.description}
          >
            {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
          </EmptyState>
        }
      >
        {(list) => (
          <Table.ScrollContainer minWidth={minWidth}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-busy={query.isPlaceholderData || undefined}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Caption>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>{head}</Table.Tr>
              </Table.Thead>
              <Table.Tbody>{list.results.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      <Pager
        page={page}
        pages={data ? pageCount(data.count) : 1}
        onChange={(next) => {
          onPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
    </>
  );
}
