import { notificationRoutes } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsPage } from '../../features/notifications/pages/notifications-page';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { NotificationsBell } from './notifications-bell';

afterEach(cleanup);

const counts = (count: number) => ({
  count,
  items: { sent_to_me: 0, my_learning_paths: count, exams_assigned_to_me: 0, friends: 0 },
});

const pathNotice = {
  id: 7,
  kind: 'path_assigned' as const,
  values: { from: 'Vera Koleva', name: 'Rivers of Europe', path: 12 },
  link: '/learning-path-progress/12',
  created_at: '2026-03-02T09:30:00.000Z',
  read_at: null,
};

describe('the notifications bell', () => {
  it('names its unread count, leads to the list, which shows each notice in the language and leads to its thing', async () => {
    const server = fakeApi()
      .on(notificationRoutes.unreadNotifications, counts(1))
      .on(notificationRoutes.notifications, { count: 1, next: null, previous: null, results: [pathNotice] })
      .on(notificationRoutes.readNotification, null);
    renderWithProviders(<NotificationsBell />, {
      signedIn: true,
      routes: {
        '/notifications': <NotificationsPage />,
        '/learning-path-progress/12': <h1>The path</h1>,
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: 'Notifications, 1 unread' }));
    const notice = await screen.findByRole('link', {
      name: 'Vera Koleva assigned you the learning path “Rivers of Europe”.',
    });
    expect(screen.getByText('Unread')).toBeVisible();
    await userEvent.click(notice);
    expect(await screen.findByRole('heading', { name: 'The path' })).toBeVisible();
    expect(server.sent()).toContainEqual({
      method: 'POST',
      path: '/api/notifications/7/read/',
      body: undefined,
    });
  });

  it('says when nothing is unread, in Bulgarian too', async () => {
    fakeApi().on(notificationRoutes.unreadNotifications, counts(0));
    renderWithProviders(<NotificationsBell />, { signedIn: true, language: 'bg' });
    expect(await screen.findByRole('link', { name: 'Известия, няма непрочетени' })).toBeVisible();
  });

  it('shows an empty list with its explanation', async () => {
    fakeApi()
      .on(notificationRoutes.unreadNotifications, counts(0))
      .on(notificationRoutes.notifications, { count: 0, next: null, previous: null, results: [] });
    renderWithProviders(<NotificationsPage />, { signedIn: true });
    expect(await screen.findByText('No notifications')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
