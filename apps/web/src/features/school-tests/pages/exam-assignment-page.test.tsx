import { type Exam, type ExamAssignmentDetails, examRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../test-texts';
import { ExamAssignmentPage } from './exam-assignment-page';

// A dialog filled in step by step: generous limits keep it steady on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const exam = (
  id: number,
  first: string,
  status: Exam['status'],
  score: number | null,
  grade: Exam['grade'],
) =>
  ({
    id,
    school_test: { id: 5, name: 'Fractions', description: '' },
    student: { id: 100 + id, first_name: first, last_name: 'Petrova', avatar_url: null },
    teacher: { id: 1, first_name: 'Teodora', last_name: 'Marinova', avatar_url: null },
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
    leave_completes: false,
    time_limit_minutes: 30,
    results_at: null,
    assignment: 31,
    date_created: '2026-11-30T10:00:00Z',
    now: '2026-11-30T10:00:00Z',
  }) satisfies Exam;

const assignment = (fields: Partial<ExamAssignmentDetails> = {}): ExamAssignmentDetails => ({
  id: 31,
  school_test: { id: 5, name: 'Fractions' },
  target: { kind: 'class', id: 4, name: '7А' },
  start_exam_at: '2026-12-01T06:30:00Z',
  end_exam_at: '2026-12-01T07:15:00Z',
  shuffle_questions: true,
  show_results_after_end: false,
  leave_completes: false,
  time_limit_minutes: 30,
  students_count: 2,
  started_count: 1,
  completed_count: 1,
  date_created: '2026-11-30T10:00:00Z',
  exams: [exam(1, 'Ana', 'completed', 9, 6), exam(2, 'Vesela', 'not_started', null, null)],
  ...fields,
});

function show(found: ExamAssignmentDetails) {
  const server = fakeApi()
    .on(examRoutes.examAssignment, found)
    .on(examRoutes.updateExamAssignment, ({ body }) => ({ ...found, ...(body as object) }))
    .on(examRoutes.deleteExamAssignment, null);
  const view = renderWithProviders(<ExamAssignmentPage />, {
    at: '/exam-assignments/31',
    path: '/exam-assignments/:assignmentId',
    routes: { '/school-exams': <p>The exams list</p> },
    mantineEnv: 'test',
    notifications: true,
  });
  return { server, ...view };
}

describe('an exam given to a class, on its page', () => {
  it('shows its test, class, counts and each student with status, score, grade and a link', async () => {
    show(assignment());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fractions' })).toBeVisible();
    expect(screen.getAllByText('7А').length).toBeGreaterThan(0);
    const students = screen.getByRole('table', { name: /Each student's exam/ });
    const ana = within(students).getByRole('row', { name: /Ana Petrova/ });
    expect(ana.textContent).toContain('Completed');
    expect(ana.textContent).toContain('9 / 10');
    expect(ana.textContent).toContain('Excellent (6)');
    expect(within(ana).getByRole('link', { name: 'Ana Petrova' }).getAttribute('href')).toBe(
      '/school-exam/1',
    );
    const vesela = within(students).getByRole('row', { name: /Vesela Petrova/ });
    expect(vesela.textContent).toContain('Not started');
    expect(screen.getByRole('link', { name: 'Watch live' }).getAttribute('href')).toBe(
      '/school-tests/5/live',
    );
    expect(screen.getByText('30 minutes each')).toBeVisible();
    expect(screen.getByText('Questions and answers shuffled')).toBeVisible();
  });

  it('once a student started, keeps the start and the rules and sends only the new end', async () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    const { server } = show(assignment({ started_count: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the exam' });
    expect(within(dialog).getByText(/1 student has already started/)).toBeVisible();
    expect(within(dialog).getByLabelText(/^Start/)).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Time limit (minutes)' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Shuffle the questions and answers')).toBeDisabled();
    expect(within(dialog).getByRole('switch')).toBeDisabled();
    const end = within(dialog).getByLabelText(/^End/);
    expect(end).toBeEnabled();
    expect((end as HTMLInputElement).value).toBe('2026-12-01T09:15');
    fireEvent.change(end, { target: { value: '2026-12-01T10:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the changes' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.sent().filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/exam/assignments/31/', body: { end_at: '2026-12-01T10:00:00+02:00' } },
    ]);
    expect(await screen.findByText('The exam was changed for every student.')).toBeVisible();
  });

  it('before anyone started, sends a new start and time limit', async () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    const { server } = show(assignment({ started_count: 0, completed_count: 0 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the exam' });
    expect(within(dialog).queryByText(/already started/)).toBeNull();
    const start = within(dialog).getByLabelText(/^Start/);
    expect(start).toBeEnabled();
    fireEvent.change(start, { target: { value: '2026-12-01T08:00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Time limit (minutes)' }), {
      target: { value: '40' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the changes' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(server.sent().find((call) => call.method === 'PATCH')?.body).toEqual({
      start_at: '2026-12-01T08:00:00+02:00',
      time_limit_minutes: 40,
    });
  });

  it('asks before deleting, saying the results go too, then returns to the exams', async () => {
    const { server, location } = show(assignment());
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the exam?' });
    expect(
      within(dialog).getByText(
        'The exam “Fractions” of 7А will be deleted for every student, with their answers and results. This cannot be undone.',
      ),
    ).toBeVisible();
    expect(server.callsTo(examRoutes.deleteExamAssignment)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the exam' }));

    await waitFor(() => expect(location().pathname).toBe('/school-exams'));
    expect(server.callsTo(examRoutes.deleteExamAssignment).map((call) => call.path)).toEqual([
      '/api/exam/assignments/31/',
    ]);
    expect(await screen.findByText('The exam “Fractions” of 7А was deleted.')).toBeVisible();
  });

  it('says when the assignment is not found', async () => {
    fakeApi().on(examRoutes.examAssignment, () => new Response('{"detail":"Not found."}', { status: 404 }));
    renderWithProviders(<ExamAssignmentPage />, {
      at: '/exam-assignments/99',
      path: '/exam-assignments/:assignmentId',
      mantineEnv: 'test',
    });
    expect(await screen.findByText('Exam not found')).toBeVisible();
  });
});
