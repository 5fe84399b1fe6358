import { type ExamLive, type ExamLiveRow, examRoutes } from '@flashcards/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ExamLivePage, liveStateOf } from './exam-live-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const now = '2026-12-01T07:00:00.000Z';
const ago = (seconds: number) => new Date(Date.parse(now) - seconds * 1000).toISOString();
const row = (id: number, first: string, fields: Partial<ExamLiveRow> = {}): ExamLiveRow => ({
  id,
  student: { id: 100 + id, first_name: first, last_name: 'Petrova', avatar_url: null },
  status: 'in_progress',
  answers_count: 1,
  started_at: ago(600),
  completed_at: null,
  completed_by: null,
  last_seen_at: ago(10),
  away: false,
  times_left: 0,
  extra_minutes: 0,
  ends_at: '2026-12-01T07:45:00.000Z',
  score: null,
  grade: null,
  ...fields,
});
const live = (rows: ExamLiveRow[], fields: Partial<ExamLive> = {}): ExamLive => ({
  server_time: now,
  test: { id: 5, name: 'Fractions', questions_count: 3, total_score: 10 },
  sittings: [
    {
      start_exam_at: '2026-12-01T06:30:00.000Z',
      end_exam_at: '2026-12-01T07:45:00.000Z',
      exams_count: rows.length,
      ends_at: '2026-12-01T07:45:00.000Z',
    },
  ],
  sitting: { start_exam_at: '2026-12-01T06:30:00.000Z', end_exam_at: '2026-12-01T07:45:00.000Z' },
  summary: { not_started: 1, in_progress: 3, away: 1, completed: 1, missed: 0 },
  count: rows.length,
  next: null,
  previous: null,
  results: rows,
  ...fields,
});

const show = (language?: 'bg') =>
  renderWithProviders(<ExamLivePage />, {
    at: '/school-tests/5/live',
    path: '/school-tests/:schoolTestId/live',
    mantineEnv: 'test',
    notifications: true,
    ...(language ? { language } : {}),
  });

describe('the live view of a sitting', () => {
  it("shows each student's state, answers and times, and reopens a finished attempt", async () => {
    const { calls } = fakeApi()
      .on(
        examRoutes.examLive,
        live([
          row(1, 'Ana', { answers_count: 2 }),
          row(2, 'Boris', { away: true, times_left: 2 }),
          row(3, 'Vera', { last_seen_at: ago(120) }),
          row(4, 'Galya', {
            status: 'completed',
            answers_count: 3,
            completed_at: ago(60),
            completed_by: 'student',
            score: 10,
            grade: 6,
          }),
          row(5, 'Dimo', { status: 'not_started', started_at: null, last_seen_at: null, answers_count: 0 }),
        ]),
      )
      .on(examRoutes.reopenExam, {
        id: 4,
        school_test: { id: 5, name: 'Fractions', description: '' },
        student: row(4, 'Galya').student,
        teacher: { id: 1, first_name: 'Maria', last_name: 'Ivanova', avatar_url: null },
        start_exam_at: '2026-12-01T06:30:00.000Z',
        end_exam_at: '2026-12-01T07:45:00.000Z',
        extra_minutes: 0,
        ends_at: '2026-12-01T07:45:00.000Z',
        is_exam_started: true,
        started_at: ago(600),
        completed_at: null,
        status: 'in_progress',
        answers_count: 3,
        questions_count: 3,
        total_score: 10,
        score: null,
        grade: null,
        shuffle_questions: false,
        show_results_after_end: false,
        results_at: null,
        assignment: null,
        date_created: ago(6000),
        leave_completes: false,
        time_limit_minutes: null,
        now: ago(0),
      });
    show();
    const table = await screen.findByRole('table', { name: /The students of this sitting/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Live: Fractions' })).toBeVisible();
    expect(screen.getByText(/^Updated at /)).toBeVisible();
    const summary = screen.getByRole('region', { name: 'The sitting at a glance' });
    expect(summary.textContent).toBe('Students5Writing now3Left the page1Finished1Not started1Missed0');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Ana Petrova');
    expect(rows[1]?.textContent).toContain('Writing');
    expect(rows[1]?.textContent).toContain('2 / 3');
    expect(rows[2]?.textContent).toContain('Left the page');
    expect(rows[2]?.textContent).toContain('Left the page 2 times');
    expect(rows[3]?.textContent).toContain('Not seen lately');
    expect(rows[4]?.textContent).toContain('Finished');
    expect(rows[5]?.textContent).toContain('Not started');
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Ana Petrova' })
        .getAttribute('href'),
    ).toBe('/school-exam/1');
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Extra time for Ana Petrova' }),
    ).toBeVisible();
    expect(calls[0]?.url.pathname).toBe('/api/exam/test-teachers/5/live/');

    fireEvent.click(
      within(rows[4] as HTMLElement).getByRole('button', { name: 'Reopen the attempt of Galya Petrova' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the attempt' });
    fireEvent.change(within(dialog).getByLabelText(/^Minutes from now/), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen the attempt' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/exam/exams/4/reopen/')?.body).toEqual({
        minutes: 15,
      }),
    );
    expect(await screen.findByText('Galya Petrova may answer again.')).toBeVisible();
  });

  it('shows 20 students a page and keeps refreshing the page shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeApi().on(examRoutes.examLive, (request) =>
      request.query.get('page') === '2'
        ? live([row(21, 'Zoya')], { count: 21 })
        : live([row(1, 'Ana')], { count: 21 }),
    );
    show();
    await screen.findByRole('link', { name: 'Ana Petrova' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Zoya Petrova' })).toBeVisible();
    const asked = () => calls.filter((call) => call.url.searchParams.get('page') === '2').length;
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('asks again every 5 seconds by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeApi().on(examRoutes.examLive, live([row(1, 'Ana')]));
    show();
    await screen.findByRole('table', { name: /The students of this sitting/ });
    const asked = () => calls.filter((call) => call.url.pathname.endsWith('/live/')).length;
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('says when no sitting is running, coming or recent, in Bulgarian too', async () => {
    fakeApi().on(examRoutes.examLive, live([], { sittings: [], sitting: null }));
    show('bg');
    expect(await screen.findByText('Няма текущ, предстоящ или скорошен изпит по този тест.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names a student not heard from for two heartbeats as not seen lately', () => {
    expect(liveStateOf(row(1, 'Ana', { last_seen_at: ago(89) }), now)).toBe('writing');
    expect(liveStateOf(row(1, 'Ana', { last_seen_at: ago(91) }), now)).toBe('quiet');
    expect(liveStateOf(row(1, 'Ana', { away: true, last_seen_at: ago(1) }), now)).toBe('away');
    expect(liveStateOf(row(1, 'Ana', { status: 'missed' }), now)).toBe('missed');
  });
});
