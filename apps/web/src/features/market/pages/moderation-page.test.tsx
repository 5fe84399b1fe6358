import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { ModerationPage } from './moderation-page';

// These render whole pages with Mantine's dialogs: generous limits keep them steady on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

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
};

type Call = { method: string; path: string; body: unknown };

/** A stand-in for the server: the queue of two categories; `answers` overrides a call's answer. */
function fakeServer(answers: Record<string, () => [number, unknown]> = {}) {
  const calls: Call[] = [];
  const queue = [item(11, 'Capitals', 30), item(12, 'Flags', 2)];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const key = `${method} ${path}`;
    const json = (status: number, body: unknown) =>
      status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (answers[key]) return json(...answers[key]());
    if (key === 'GET /api/admin/market/')
      return json(200, { count: queue.length, next: null, previous: null, results: queue });
    const detail = /^GET \/api\/admin\/market\/(\d+)\/$/.exec(key);
    if (detail) {
      const found = queue.find((entry) => entry.id === Number(detail[1]));
      return json(200, { ...found, cards: [card], changes: null, reports: [] });
    }
    const decision = /^PUT \/api\/admin\/market\/(\d+)\/(approve|reject)\/$/.exec(key);
    if (decision)
      return json(
        200,
        queue.find((entry) => entry.id === Number(decision[1])),
      );
    return json(404, { detail: 'Not found.' });
  });
  return calls;
}

function openQueue(url = `${paths.adminMarket}?item=11`) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: paths.adminMarket, element: <ModerationPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
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
    const calls = fakeServer();
    const router = openQueue();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Capitals' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await screen.findByText('Paris');
    expect(screen.getByRole('button', { name: 'Approve' }).getAttribute('aria-keyshortcuts')).toBe('A');
    await userEvent.keyboard('a');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/admin/market/11/approve/',
        body: { revision: 3 },
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?item=12'));
  });

  it('asks for a reason before rejecting', async () => {
    const calls = fakeServer();
    openQueue();
    await screen.findByText('Paris');
    await userEvent.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Capitals”' });
    const reason = screen.getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.type(reason, 'Two answers are wrong.');
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/admin/market/11/reject/',
        body: { reason: 'Two answers are wrong.', revision: 3 },
      }),
    );
  });

  it('shows the server message of a conflict and reloads the category', async () => {
    const calls = fakeServer({
      'PUT /api/admin/market/11/approve/': () => [409, { detail: 'The author changed it meanwhile.' }],
    });
    openQueue();
    await screen.findByText('Paris');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The author changed it meanwhile.')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/market/11/').length).toBeGreaterThan(1),
    );
  });

  it('speaks Bulgarian', async () => {
    fakeServer();
    await act(() => i18next.changeLanguage('bg'));
    openQueue(paths.adminMarket);
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
    const calls = fakeServer({
      'GET /api/admin/market/reports/': () => [
        200,
        { count: 1, next: null, previous: null, results: [report] },
      ],
      'DELETE /api/admin/market/reports/31/': () => [204, null],
      'PUT /api/admin/market/11/withdraw/': () => [200, { id: 11 }],
    });
    openQueue(`${paths.adminMarket}?tab=reports`);
    const article = await screen.findByRole('article');
    expect(article.textContent).toContain('Offensive pictures.');
    expect(article.textContent).toContain('Reported by Ivan Georgiev on November 23, 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.path === '/api/admin/market/reports/31/'),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Take off the catalog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take “Capitals” off the catalog' });
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Offensive content.');
    await userEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/admin/market/11/withdraw/')?.body).toEqual({
        reason: 'Offensive content.',
      }),
    );
  });
});
