import type { User } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQuery } from '../../../lib/current-user';
import '../../../lib/i18n';
import { UserGroupsPage } from './user-groups-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(user: Pick<User, 'id' | 'is_auto_created'>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(new URL(url, 'http://localhost').pathname);
    return new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserQuery.queryKey, user as User);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <MemoryRouter>
          <UserGroupsPage />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('the user groups page', () => {
  it('is closed to an account a school created, without asking for its groups', () => {
    const calls = show({ id: 3, is_auto_created: true });
    expect(screen.getByText(/not available to accounts created by a school/)).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('lists the groups of anyone else, and says what to do while there are none', async () => {
    const calls = show({ id: 3, is_auto_created: false });
    expect(await screen.findByText('No groups yet')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /New group/ })).toBeVisible();
    expect(calls).toEqual(['/api/user-groups/list/paginated/']);
  });
});
