import { friendRoutes, type Person } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PersonCard } from './person-card';

vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const friend: Person = {
  id: 7,
  first_name: 'Boris',
  last_name: 'Ivanov',
  email: 'boris@example.com',
  region: 'Varna',
  municipality: '',
  town: 'Varna',
  school: 'Geo Milev School',
  avatar_url: null,
  is_friend: true,
  friendship_id: 40,
  friend_request_id: null,
  is_friend_request_send: false,
  is_blocked: false,
  block_id: null,
  is_friend_request_send_to_me: false,
  friend_request_to_me_id: null,
  mutual_friends: 2,
};

function show(person: Person) {
  const server = fakeApi()
    .on(friendRoutes.block, { id: 50, blocked: person, created_at: '2026-11-20T10:00:00Z' })
    .on(friendRoutes.removeFriendship, null);
  renderWithProviders(<PersonCard person={person} />, { notifications: true });
  return server.sent;
}

describe('a person in a list', () => {
  it('shows a friend with a link to their profile, their e-mail, place and the friends we share', () => {
    show(friend);
    const card = screen.getByRole('article', { name: 'Boris Ivanov' });
    expect(screen.getByRole('link', { name: 'Boris Ivanov' }).getAttribute('href')).toBe('/friend/7');
    expect(card.textContent).toContain('boris@example.com');
    expect(card.textContent).toContain('Varna, Varna');
    expect(card.textContent).toContain('2 mutual friends');
  });

  it('asks before blocking, and blocks by the person id once confirmed', async () => {
    const calls = show(friend);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Boris Ivanov?' });
    expect(calls()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await screen.findByText('Boris Ivanov is blocked.');
    expect(calls()).toEqual([{ method: 'POST', path: '/api/friends/blocks/', body: { blocked: 7 } }]);
  });

  it('removes a friend by the friendship id once confirmed', async () => {
    const calls = show(friend);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove friend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Boris Ivanov from your friends?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove friend' }));
    await screen.findByText('Boris Ivanov is no longer among your friends.');
    expect(calls()).toEqual([
      { method: 'DELETE', path: '/api/friends/friendships/40/remove/', body: undefined },
    ]);
  });
});
