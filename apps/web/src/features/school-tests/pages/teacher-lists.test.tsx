import { type Exam, examResultRoutes, examRoutes, testRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, page } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../test-texts';
import { ExamsPage } from './exams-page';
import { TestsPage } from './tests-page';

afterEach(cleanup);

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
const exam = (id: number, status: Exam['status'], score: number | null, grade: Exam['grade']) => ({
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
  assignment: null,
  date_created: '2026-11-30T10:00:00Z',
  leave_completes: false,
  time_limit_minutes: null,
  now: '2026-11-30T10:00:00Z',
});

describe('my tests', () => {
  it('lists the tests with their counts and lock, and says what a delete takes with it', async () => {
    const { calls } = fakeApi()
      .on(testRoutes.tests, page([test(5, 'Fractions', 4, true), test(6, 'Decimals', 0, false)]))
      .on(testRoutes.deleteTest, null);
    renderWithProviders(<TestsPage />, {
      at: '/school-tests?sort=az',
      path: '/school-tests',
      mantineEnv: 'test',
      notifications: true,
    });
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
    fakeApi().on(testRoutes.tests, page([]));
    renderWithProviders(<TestsPage />, {
      at: '/school-tests',
      path: '/school-tests',
      mantineEnv: 'test',
      notifications: true,
    });
    expect(await screen.findByText('You have no tests yet')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Create a test' }).length).toBeGreaterThan(0);
  });
});

describe('the exams I gave', () => {
  it("filters by the address's test, shows the summary with a table of grades, and the results", async () => {
    const { calls } = fakeApi()
      .on(examRoutes.examSummary, {
        count: 3,
        by_status: { not_started: 1, in_progress: 0, completed: 2, missed: 0 },
        by_grade: { '2': 0, '3': 0, '4': 1, '5': 0, '6': 1 },
        average_score: 7.5,
        average_grade: 5,
      })
      .on(
        examRoutes.teacherExams,
        page([
          exam(1, 'completed', 10, 6),
          { ...exam(2, 'completed', 5, 4), assignment: 31 },
          exam(3, 'not_started', null, null),
        ]),
      )
      .on(
        examRoutes.examAssignments,
        page([
          {
            id: 31,
            school_test: { id: 5, name: 'Fractions' },
            target: { kind: 'class' as const, id: 4, name: '7А' },
            start_exam_at: '2026-12-01T06:30:00Z',
            end_exam_at: '2026-12-01T07:15:00Z',
            shuffle_questions: false,
            show_results_after_end: false,
            leave_completes: false,
            time_limit_minutes: null,
            students_count: 24,
            started_count: 3,
            completed_count: 1,
            date_created: '2026-11-30T10:00:00Z',
          },
        ]),
      )
      .on(testRoutes.testChoices, [
        { id: 5, name: 'Fractions', questions_count: 3, total_score: 10, excellent_score_value: 9 },
      ])
      .on(examResultRoutes.examAnalysis, { exams_count: 0, questions: [] })
      .on(examRoutes.updateExam, ({ body }) => ({
        ...exam(3, 'not_started', null, null),
        ...(body as { extra_minutes: number }),
      }));
    renderWithProviders(<ExamsPage />, {
      at: '/school-exams?test_id=5',
      path: '/school-exams',
      mantineEnv: 'test',
      notifications: true,
    });
    expect(await screen.findByRole('table', { name: 'Grades of the completed exams' })).toBeVisible();
    const grades = screen.getByRole('table', { name: 'Grades of the completed exams' });
    expect(within(grades).getByRole('row', { name: 'Excellent (6) 1' })).toBeVisible();
    expect(screen.getByText('7.5 points, grade 5.0')).toBeVisible();

    // The exams given to classes and groups are listed once each, with their students counted.
    const given = await screen.findByRole('table', { name: /The exams you gave to classes and groups/ });
    const class7 = within(given).getByRole('row', { name: /7А/ });
    expect(class7.textContent).toContain('24 students');
    expect(class7.textContent).toContain('3 started, 1 completed');
    expect(within(class7).getByRole('link', { name: 'Fractions' }).getAttribute('href')).toBe(
      '/exam-assignments/31',
    );

    const results = screen.getByRole('table', { name: /The exams you gave, with/ });
    const rows = within(results).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('10 / 10');
    expect(rows[1]?.textContent).toContain('Excellent (6)');
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Extra time/ })).toBeNull();
    expect(
      within(rows[3] as HTMLElement).getByRole('button', { name: 'Extra time for Ana Student3' }),
    ).toBeVisible();
    expect(within(results).getByRole('link', { name: 'Ana Student1' }).getAttribute('href')).toBe(
      '/school-exam/1',
    );
    // An exam of a class's assignment links to it.
    expect(
      within(rows[2] as HTMLElement)
        .getByRole('link', { name: 'Given to a class or group' })
        .getAttribute('href'),
    ).toBe('/exam-assignments/31');

    // Filtered by one test: its sittings can be watched live.
    expect(screen.getByRole('link', { name: 'Watch live' }).getAttribute('href')).toBe(
      '/school-tests/5/live',
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
