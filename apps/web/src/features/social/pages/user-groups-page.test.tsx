import { type User, userGroupRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, page } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UserGroupsPage } from './user-groups-page';

afterEach(cleanup);

function show(user: Pick<User, 'id' | 'is_auto_created'>) {
  const server = fakeApi().on(userGroupRoutes.userGroupsPage, page([]));
  renderWithProviders(<UserGroupsPage />, { user });
  return () => server.calls.map((call) => call.path);
}

describe('the user groups page', () => {
  it('is closed to an account a school created, without asking for its groups', () => {
    const calls = show({ id: 3, is_auto_created: true });
    expect(screen.getByText(/not available to accounts created by a school/)).toBeVisible();
    expect(calls()).toEqual([]);
  });

  it('lists the groups of anyone else, and says what to do while there are none', async () => {
    const calls = show({ id: 3, is_auto_created: false });
    expect(await screen.findByText('No groups yet')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /New group/ })).toBeVisible();
    expect(calls()).toEqual(['/api/user-groups/list/paginated/']);
  });
});
