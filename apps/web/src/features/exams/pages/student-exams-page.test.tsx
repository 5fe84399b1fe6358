import { examRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, page } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { examDetail } from '../exam-fixtures';
import { StudentExamsPage } from './student-exams-page';

afterEach(cleanup);

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
    now: iso(0),
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

function show(list = exams) {
  const server = fakeApi().on(examRoutes.studentExams, page(list));
  renderWithProviders(<StudentExamsPage />, {
    path: '/students-school-exams',
    at: '/students-school-exams',
    mantineEnv: 'test',
  });
  return () => server.calls.map(({ url }) => `${url.pathname}${url.search}`);
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

describe('the exams given to me', () => {
  it('offers each exam what fits its state: start, continue, the opening, the result, or results later', async () => {
    const calls = show();
    expect(await screen.findByRole('table', { name: 'The exams given to me' })).toBeVisible();
    expect(calls()).toEqual(['/api/exam/students-exams/?page=1&sort_by=date&sort_order=desc']);
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

  it("offers the start at the start on the server's clock, without a reload", async () => {
    // This device's clock is an hour behind the server's; the window opens a moment from now on the server.
    const hour = 3600_000;
    show([
      exam(1, 'Fractions', {
        now: iso(hour),
        start_exam_at: iso(hour + 1_500),
        end_exam_at: iso(2 * hour),
        ends_at: iso(2 * hour),
        status: 'not_started',
        score: null,
        grade: null,
        results_at: null,
      }),
    ]);
    expect(
      await within(await screen.findByRole('row', { name: /^Fractions/ })).findByText(/^Opens at /),
    ).toBeVisible();
    expect(
      await screen.findByRole('link', { name: 'Start the exam Fractions' }, { timeout: 4_000 }),
    ).toBeVisible();
  });

  it('sorts and filters through the server', async () => {
    const calls = show();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'az' } });
    await waitFor(() =>
      expect(calls()).toContain('/api/exam/students-exams/?page=1&sort_by=alphabetical&sort_order=asc'),
    );
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    await waitFor(() =>
      expect(calls()).toContain(
        '/api/exam/students-exams/?page=1&sort_by=alphabetical&sort_order=asc&status=completed',
      ),
    );
  });
});
