import { marketRoutes } from '@flashcards/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths';
import { fakeApi, page, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ModerationPage } from './moderation-page';

// These render whole pages with Mantine's dialogs: generous limits keep them steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

const item = (id: number, name: string, age_hours: number, revision = 3) => ({
  id,
  name,
  description: 'Capitals of Europe',
  language: 'en',
  topic: 'education',
  type_of_cards: 'text' as const,
  author: { id: 9, name: 'Rada Todorova', email: 'rada@example.com' },
  kind: 'new' as const,
  submitted_at: '2026-11-23T06:00:00.000Z',
  age_hours,
  cards_length: 1,
  revision,
  reports_count: 0,
});

const card = {
  id: 1,
  first_side: 'France',
  first_side_url: null,
  second_side: 'Paris',
  tag: '',
  audio_url: null,
  occlusion: null,
};

/** A stand-in for the server: the queue of two categories, each approved or rejected as it was sent. */
function fakeServer() {
  const queue = [item(11, 'Capitals', 30), item(12, 'Flags', 2)];
  const entry = (id: number) => queue.find((one) => one.id === id) as (typeof queue)[number];
  return fakeApi()
    .on(marketRoutes.moderationQueue, page(queue))
    .on(marketRoutes.moderationCategory, ({ params }) => ({
      ...entry(Number(params.id)),
      cards: [card],
      changes: null,
      reports: [],
    }))
    .on(marketRoutes.approve, ({ params }) => entry(Number(params.id)))
    .on(marketRoutes.reject, ({ params }) => entry(Number(params.id)));
}

function openQueue(url = `${paths.adminMarket}?item=11`, language?: 'bg') {
  return renderWithProviders(<ModerationPage />, {
    path: paths.adminMarket,
    at: url,
    language,
    notifications: true,
  }).location;
}

describe('the review queue', () => {
  it('lists the waiting categories with their age, the overdue one marked', async () => {
    fakeServer();
    openQueue(paths.adminMarket);
    const list = await screen.findByRole('navigation', { name: 'Categories waiting for review' });
    expect(list.textContent).toContain('Capitals');
    expect(list.textContent).toContain('Waiting 30 hours');
    expect(list.textContent).toContain('Over 24 hours');
    expect(list.textContent).toContain('Waiting 2 hours');
    expect(document.body.textContent).toContain(
      'Keyboard: A approves, R rejects, J and K move through the queue.',
    );
  });

  it('approves the revision shown with the A key, then moves on to the next', async () => {
    const server = fakeServer();
    const location = openQueue();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Capitals' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await screen.findByText('Paris');
    expect(screen.getByRole('button', { name: 'Approve' }).getAttribute('aria-keyshortcuts')).toBe('A');
    await userEvent.keyboard('a');
    await waitFor(() =>
      expect(server.sent().find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/admin/market/11/approve/',
        body: { revision: 3 },
      }),
    );
    await waitFor(() => expect(location().search).toBe('?item=12'));
  });

  it('asks for a reason before rejecting', async () => {
    const server = fakeServer();
    openQueue();
    await screen.findByText('Paris');
    await userEvent.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Capitals”' });
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.type(reason, 'Two answers are wrong.');
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    await waitFor(() =>
      expect(server.sent().find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/admin/market/11/reject/',
        body: { reason: 'Two answers are wrong.', revision: 3 },
      }),
    );
  });

  it('shows the server message of a conflict and reloads the category', async () => {
    const server = fakeServer().on(
      marketRoutes.approve,
      reply(409, { detail: 'The author changed it meanwhile.' }),
    );
    openQueue();
    await screen.findByText('Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The author changed it meanwhile.')).toBeVisible();
    await waitFor(() =>
      expect(server.calls.filter((call) => call.path === '/api/admin/market/11/').length).toBeGreaterThan(1),
    );
  });

  it('speaks Bulgarian', async () => {
    fakeServer();
    openQueue(paths.adminMarket, 'bg');
    const list = await screen.findByRole('navigation', { name: 'Категории, които чакат преглед' });
    expect(list.textContent).toContain('Чака от 30 часа');
    expect(list.textContent).toContain('Над 24 часа');
  });

  it('lists reports, dismisses one and takes a category off the catalog with a reason', async () => {
    const report = {
      id: 31,
      category: { id: 11, name: 'Capitals' },
      reason: 'Offensive pictures.',
      reporter: 'Ivan Georgiev',
      created_at: '2026-11-23T08:00:00.000Z',
    };
    const server = fakeServer()
      .on(marketRoutes.marketReports, page([report]))
      .on(marketRoutes.dismissReport, null)
      .on(marketRoutes.withdraw, { id: 11 });
    openQueue(`${paths.adminMarket}?tab=reports`);
    const article = await screen.findByRole('article');
    expect(article.textContent).toContain('Offensive pictures.');
    expect(article.textContent).toContain('Reported by Ivan Georgiev on November 23, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(
        server.calls.some(
          (call) => call.method === 'DELETE' && call.path === '/api/admin/market/reports/31/',
        ),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Take off the catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take “Capitals” off the catalog' });
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Offensive content.');
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    await waitFor(() =>
      expect(server.calls.find((call) => call.path === '/api/admin/market/11/withdraw/')?.body).toEqual({
        reason: 'Offensive content.',
      }),
    );
  });
});
