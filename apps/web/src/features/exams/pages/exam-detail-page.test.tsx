import { type ExamDetail, examRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { examDetail, reviewQuestions, student, teacher } from '../exam-fixtures';
import { ExamDetailPage } from './exam-detail-page';

afterEach(cleanup);

function show(exam: ExamDetail | { status: number; body: unknown }, userId = 2) {
  const server = fakeApi().on(examRoutes.exam, 'body' in exam ? reply(exam.status, exam.body) : exam);
  renderWithProviders(<ExamDetailPage />, {
    path: '/school-exam/:examId',
    at: '/school-exam/9',
    user: { id: userId },
    mantineEnv: 'test',
  });
  return server.calls;
}

describe("an exam's details", () => {
  it('shows the student a completed exam with its score and grade', async () => {
    const calls = show(examDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/exam/exams/9/']);
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.getByText('5 / 10')).toBeVisible();
    expect(screen.getByText('Very good (5)')).toBeVisible();
    expect(screen.getByText('2 of 3 questions')).toBeVisible();
    expect(screen.getByText('Teodora Marinova')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Exams assigned to me' }).getAttribute('href')).toBe(
      '/students-school-exams',
    );
  });

  it("gives the window, the time limit with the attempt's own end, and what leaving the page does", async () => {
    show(examDetail({ time_limit_minutes: 20, ends_at: '2026-11-24T09:25:00.000Z', leave_completes: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText(/^20 minutes from the start \(this attempt until .+\)$/)).toBeVisible();
    expect(screen.getByText('Completes the exam')).toBeVisible();
    cleanup();
    show(
      examDetail({ started_at: null, status: 'not_started', completed_at: null, score: null, grade: null }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText('None: until the end of the window')).toBeVisible();
    expect(screen.getByText('Keeps the attempt open until it is finished or the time is up')).toBeVisible();
  });

  it('tells the student when results wait for the end, with no score or grade', async () => {
    show(
      examDetail({
        score: null,
        grade: null,
        show_results_after_end: true,
        results_at: '2026-11-24T10:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText(/^Results are shown after the end \(at .+\)\.$/)).toBeVisible();
    expect(screen.queryByText(/ \/ 10$/)).toBeNull();
    expect(screen.queryByText(/\(\d\)$/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
  });

  it('shows the teacher the review: every answer, the given and the correct one marked in words', async () => {
    show(examDetail({ questions: reviewQuestions }), 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText('Ana Stoyanova')).toBeVisible();
    expect(screen.getByRole('link', { name: 'My exams' }).getAttribute('href')).toBe(
      '/school-exams?test_id=4',
    );
    const review = screen.getByRole('region', { name: 'Review' });
    const items = within(review)
      .getAllByRole('listitem')
      .filter((item) => item.tagName === 'LI' && item.querySelector('h3'));
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Right: 2 of 2 points')).toBeVisible();
    expect(within(second).getByText('Wrong: 0 of 3 points')).toBeVisible();
    expect(within(second).getByText('C. 9').parentElement?.textContent).toBe("C. 9Student's answer");
    expect(within(second).getByText('B. 6').parentElement?.textContent).toBe('B. 6Correct answer');
    expect(within(third).getByText('Not answered: 0 of 5 points')).toBeVisible();
  });

  it("shows a principal of the teacher's school the teacher's view, with nothing to change", async () => {
    show(examDetail({ questions: reviewQuestions }), 3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getByText('Ana Stoyanova')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Review' })).toBeVisible();
    expect(screen.getByRole('link', { name: "Teachers' work" }).getAttribute('href')).toBe(
      '/school-teachers-work',
    );
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /extra time/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /Start/ })).toBeNull();
  });

  it('says an exam that is not there, or not mine, is not found', async () => {
    show({ status: 404, body: { detail: 'Not found.' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam not found' })).toBeVisible();
  });

  it('shows the recorded actions, and lets the teacher reopen a completed attempt', async () => {
    const events: ExamDetail['events'] = [
      { id: 1, kind: 'started', at: '2026-11-24T09:05:00.000Z', actor: student, minutes: null },
      { id: 2, kind: 'completed', at: '2026-11-24T10:00:00.000Z', actor: null, minutes: null },
      {
        id: 3,
        kind: 'reopened',
        at: '2026-11-24T10:10:00.000Z',
        actor: { id: 1, first_name: 'Maria', last_name: 'Ivanova' },
        minutes: 10,
      },
    ];
    show(examDetail({ events }), teacher.id);
    const list = await screen.findByRole('list', { name: 'Recorded actions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(' · ')[1])).toEqual([
      'Started by A. Stoyanova',
      'Completed at the end of the time',
      'Reopened by M. Ivanova, 10 more minutes',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen the attempt' });
    expect(dialog.textContent).toContain('Ana Stoyanova may answer “Fractions” again.');
    expect(screen.getByRole('link', { name: 'Watch live' }).getAttribute('href')).toBe(
      '/school-tests/4/live',
    );
  });
});
