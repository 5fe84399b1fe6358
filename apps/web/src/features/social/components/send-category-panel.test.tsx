import {
  type GroupMember,
  privateSendingRoutes,
  type ReceiverCandidate,
  type User,
  userGroupRoutes,
} from '@flashcards/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryFixture } from '../../../test/category-fixture';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { SendCategoryPanel } from './send-category-panel';

vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const category = categoryFixture();

const me = { id: 1, is_auto_created: false } as User;

const member = (id: number, first_name: string): GroupMember => ({
  id,
  first_name,
  last_name: 'Ivanova',
  email: '',
  avatar_url: null,
  is_auto_created: false,
  is_student: false,
  is_teacher: false,
  school: '',
});

const candidate = (id: number, first_name: string, flags: Partial<ReceiverCandidate>): ReceiverCandidate => ({
  ...member(id, first_name),
  is_friend: false,
  has_offer: false,
  receives_categories: true,
  ...flags,
});

function fakeServer() {
  return fakeApi()
    .on(userGroupRoutes.userGroups, [
      {
        id: 10,
        name: 'Class 7B',
        author: 1,
        receivers_emails: '',
        // I am in my own group: a sending leaves me out.
        receivers_users: [member(2, 'Vera'), member(3, 'Nina'), member(1, 'Rada')],
        members_count: 3,
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ])
    .on(privateSendingRoutes.searchReceivers, [
      candidate(5, 'Ana', { is_friend: true }),
      candidate(6, 'Asya', { has_offer: true }),
      candidate(7, 'Anka', { receives_categories: false }),
    ])
    .on(privateSendingRoutes.sendCategory, { sent: [5, 2], skipped: [{ id: 3, reason: 'not_receiving' }] });
}

describe('sending a category to people', () => {
  it('sends to the people chosen and the members of the chosen groups, then says who was left out', async () => {
    const server = fakeServer();
    renderWithProviders(<SendCategoryPanel category={category} />, { user: me, notifications: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Capitals”' });

    await user.type(within(dialog).getByRole('searchbox', { name: 'People' }), 'An');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Ana Ivanova' }));
    // Those a sending would skip cannot be chosen, and say why.
    expect(within(dialog).getByRole('button', { name: 'Choose Asya Ivanova' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByText('Already offered')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Choose Anka Ivanova' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByText('Does not accept categories')).toBeVisible();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Class 7B (3 members)' }));
    expect(within(dialog).getByText('3 receivers')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await within(dialog).findByText('Sent to 2 people');
    expect(server.sent().filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/card/private/4/', body: { receivers_ids: [5, 2, 3] } },
    ]);
    expect(within(dialog).getByText('Ana Ivanova, Vera Ivanova')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem').textContent).toBe(
        'Nina Ivanova: does not accept categories from others',
      ),
    );
  });
});
