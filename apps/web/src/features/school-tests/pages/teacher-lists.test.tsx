import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import '../test-texts';
import { ExamsPage } from './exams-page';
import { TestsPage } from './tests-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const test = (id: number, name: string, exams: number, locked: boolean) => ({
  id,
  name,
  description: '',
  excellent_score_value: 9,
  very_good_score_value: 7,
  good_score_value: 5,
  satisfy_score_value: 3,
  fail_score_value: 0,
  created_by: 1,
  date_created: '2026-11-01T10:00:00Z',
  date_modified: '2026-11-02T10:00:00Z',
  questions_count: 3,
  total_score: 10,
  exams_count: exams,
  is_locked: locked,
});
const person = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  avatar_url: null,
});
const exam = (id: number, status: string, score: number | null, grade: number | null) => ({
  id,
  school_test: { id: 5, name: 'Fractions', description: '' },
  student: person(id, 'Ana', `Student${id}`),
  teacher: person(1, 'Teodora', 'Marinova'),
  start_exam_at: '2026-12-01T06:30:00Z',
  end_exam_at: '2026-12-01T07:15:00Z',
  extra_minutes: 0,
  ends_at: '2026-12-01T07:15:00Z',
  is_exam_started: status !== 'not_started',
  started_at: null,
  completed_at: null,
  status,
  answers_count: 2,
  questions_count: 3,
  total_score: 10,
  score,
  grade,
  shuffle_questions: false,
  show_results_after_end: false,
  results_at: null,
  date_created: '2026-11-30T10:00:00Z',
});

type Call = { method: string; url: URL; body: unknown };

function show(path: string, page: ReactNode, route: string, answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: new URL(url, 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const body = answer(call);
    const status = call.method === 'DELETE' ? 204 : call.method === 'POST' ? 201 : 200;
    return new Response(status === 204 ? null : JSON.stringify(body ?? []), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={page} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('my tests', () => {
  it('lists the tests with their counts and lock, and says what a delete takes with it', async () => {
    const calls = show('/school-tests?sort=az', <TestsPage />, '/school-tests', (call) =>
      call.url.pathname === '/api/exam/test-teachers/' && call.method === 'GET'
        ? {
            count: 2,
            next: null,
            previous: null,
            results: [test(5, 'Fractions', 4, true), test(6, 'Decimals', 0, false)],
          }
        : undefined,
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Fractions');
    expect(rows[1]?.textContent).toContain('Has a started exam');
    expect(rows[2]?.textContent).not.toContain('Has a started exam');
    expect(
      within(table).getByRole('link', { name: 'See the 4 exams of Fractions' }).getAttribute('href'),
    ).toBe('/school-exams?test_id=5');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/exam/test-teachers/']);
    const query = calls[0]?.url.searchParams;
    expect(query?.get('sort_by')).toBe('alphabetical');
    expect(query?.get('sort_order')).toBe('asc');

    fireEvent.click(within(table).getByRole('button', { name: 'More actions for Fractions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the test?' });
    expect(dialog.textContent).toContain('its 4 exams with the students');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the test' }));
    await screen.findByText('The test “Fractions” was deleted.');
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/exam/test-teachers/5/'),
    ).toBe(true);
  });

  it('offers to create the first test when there is none', async () => {
    show('/school-tests', <TestsPage />, '/school-tests', () => ({
      count: 0,
      next: null,
      previous: null,
      results: [],
    }));
    expect(await screen.findByText('You have no tests yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Create a test' }).length).toBeGreaterThan(0);
  });
});

describe('the exams I gave', () => {
  it("filters by the address's test, shows the summary with a table of grades, and the results", async () => {
    const calls = show('/school-exams?test_id=5', <ExamsPage />, '/school-exams', (call) => {
      const path = call.url.pathname;
      if (path === '/api/exam/exams/summary/')
        return {
          count: 3,
          by_status: { not_started: 1, in_progress: 0, completed: 2, missed: 0 },
          by_grade: { '2': 0, '3': 0, '4': 1, '5': 0, '6': 1 },
          average_score: 7.5,
          average_grade: 5,
        };
      if (path === '/api/exam/exams/')
        return {
          count: 3,
          next: null,
          previous: null,
          results: [
            exam(1, 'completed', 10, 6),
            exam(2, 'completed', 5, 4),
            exam(3, 'not_started', null, null),
          ],
        };
      if (path === '/api/exam/test-teachers-list/')
        return [{ id: 5, name: 'Fractions', questions_count: 3, total_score: 10, excellent_score_value: 9 }];
      return undefined;
    });
    expect(await screen.findByRole('table', { name: 'Grades of the completed exams' })).toBeTruthy();
    const grades = screen.getByRole('table', { name: 'Grades of the completed exams' });
    expect(within(grades).getByRole('row', { name: 'Excellent (6) 1' })).toBeTruthy();
    expect(screen.getByText('7.5 points, grade 5.0')).toBeTruthy();

    const results = screen.getByRole('table', { name: /The exams you gave/ });
    const rows = within(results).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('10 / 10');
    expect(rows[1]?.textContent).toContain('Excellent (6)');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Extra time/ })).toBeNull();
    expect(
      within(rows[3] as HTMLElement).getByRole('button', { name: 'Extra time for Ana Student3' }),
    ).toBeTruthy();
    expect(within(results).getByRole('link', { name: 'Ana Student1' }).getAttribute('href')).toBe(
      '/school-exam/1',
    );

    const list = calls.find((call) => call.url.pathname === '/api/exam/exams/');
    expect(list?.url.searchParams.get('test_id')).toBe('5');
    const summary = calls.find((call) => call.url.pathname === '/api/exam/exams/summary/');
    expect(summary?.url.searchParams.get('test_id')).toBe('5');

    fireEvent.click(
      within(rows[3] as HTMLElement).getByRole('button', { name: 'Extra time for Ana Student3' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Extra time' });
    fireEvent.change(within(dialog).getByLabelText(/^Extra minutes/), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the extra time' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ extra_minutes: 15 }),
    );
  });
});
