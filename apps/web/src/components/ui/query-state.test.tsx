import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import '../../lib/i18n';
import { type QueryLike, QueryState } from './query-state';

afterEach(cleanup);

const query = (state: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const show = (
  state: Partial<QueryLike<string[]>>,
  extra: { keepData?: boolean; waiting?: boolean; missing?: ReactNode } = {},
) => {
  const wrap = (node: ReactNode) => <MantineProvider>{node}</MantineProvider>;
  const q = query(state);
  render(
    wrap(
      <QueryState
        query={q}
        loading={<p role="status">Loading the list…</p>}
        isEmpty={(items) => items.length === 0}
        empty={<p>Nothing here yet</p>}
        {...extra}
      >
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </QueryState>,
    ),
  );
  return q;
};

describe('QueryState', () => {
  it('shows the loading state until the first answer, and while told to wait', () => {
    show({ isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading the list…');
    cleanup();
    show({ data: ['a'] }, { waiting: true });
    expect(screen.getByRole('status').textContent).toBe('Loading the list…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('announces a failed load as an alert, with a retry', async () => {
    const q = show({ isError: true, error: new ApiError(0, null) });
    expect(screen.getByRole('alert').textContent).toContain('You are offline');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state, then the data', () => {
    show({ data: [] });
    expect(screen.getByText('Nothing here yet').tagName).toBe('P');
    cleanup();
    show({ data: ['first', 'second'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second']);
  });

  it('replaces the data by a failed refetch, unless told to keep it', () => {
    show({ isError: true, error: new ApiError(500, null), data: ['kept'] });
    expect(screen.getByRole('alert')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show({ isError: true, error: new ApiError(500, null), data: ['kept'] }, { keepData: true });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('kept');
  });

  it('shows the missing state for a 404 when it has one, the error for any other failure', () => {
    show({ isError: true, error: new ApiError(404, null) }, { missing: <p>No such list</p> });
    expect(screen.getByText('No such list').tagName).toBe('P');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show({ isError: true, error: new ApiError(403, null) }, { missing: <p>No such list</p> });
    expect(screen.queryByText('No such list')).toBeNull();
    expect(screen.getByRole('alert')).not.toBeNull();
    cleanup();
    show({ isError: true, error: new ApiError(404, null) });
    expect(screen.getByRole('alert')).not.toBeNull();
  });
});
