import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { examDetail } from '../exam-fixtures';
import { StudentExamsPage } from './student-exams-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const iso = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();
const open = { start_exam_at: iso(-60_000), end_exam_at: iso(3600_000), ends_at: iso(3600_000) };
const exam = (id: number, name: string, fields: Parameters<typeof examDetail>[0]) => {
  const {
    thresholds: _,
    questions: __,
    ...rest
  } = examDetail({
    id,
    school_test: { id, name, description: '' },
    ...fields,
  });
  return rest;
};
const exams = [
  exam(1, 'Fractions', { ...open, status: 'not_started', score: null, grade: null, results_at: null }),
  exam(2, 'Decimals', { ...open, status: 'in_progress', score: null, grade: null }),
  exam(3, 'Percentages', {
    start_exam_at: iso(86400_000),
    end_exam_at: iso(90000_000),
    ends_at: iso(90000_000),
    status: 'not_started',
    score: null,
    grade: null,
  }),
  exam(4, 'Angles', { status: 'completed', score: 9, grade: 6 }),
  exam(5, 'Areas', { status: 'completed', score: null, grade: null, results_at: iso(3600_000) }),
];

function show() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    calls.push(`${pathname}${search}`);
    const body = { count: exams.length, next: null, previous: null, results: exams };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/students-school-exams']}>
          <Routes>
            <Route path="/students-school-exams" element={<StudentExamsPage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('the exams given to me', () => {
  it('offers each exam what fits its state: start, continue, the opening, the result, or results later', async () => {
    const calls = show();
    expect(await screen.findByRole('table', { name: 'The exams given to me' })).toBeVisible();
    expect(calls).toEqual(['/api/exam/students-exams/?page=1&sort_by=date&sort_order=desc']);
    expect(
      within(rowOf('Fractions')).getByRole('link', { name: 'Start the exam Fractions' }).getAttribute('href'),
    ).toBe('/school-exam-started/1');
    expect(within(rowOf('Decimals')).getByRole('link', { name: 'Continue the exam Decimals' })).toBeVisible();
    expect(within(rowOf('Percentages')).getByText(/^Opens at /)).toBeVisible();
    expect(within(rowOf('Angles')).getByText('9 / 10')).toBeVisible();
    expect(within(rowOf('Angles')).getByText('Excellent (6)')).toBeVisible();
    expect(within(rowOf('Areas')).getByText('Results after the end')).toBeVisible();
    expect(within(rowOf('Areas')).getByRole('link', { name: 'Areas' }).getAttribute('href')).toBe(
      '/school-exam/5',
    );
    expect(within(rowOf('Areas')).getByText('Teodora Marinova')).toBeVisible();
  });

  it('sorts and filters through the server', async () => {
    const calls = show();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'az' } });
    await waitFor(() =>
      expect(calls).toContain('/api/exam/students-exams/?page=1&sort_by=alphabetical&sort_order=asc'),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    await waitFor(() =>
      expect(calls).toContain(
        '/api/exam/students-exams/?page=1&sort_by=alphabetical&sort_order=asc&status=completed',
      ),
    );
  });
});
