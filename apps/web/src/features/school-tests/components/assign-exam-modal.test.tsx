import { examRoutes, schoolClassRoutes, testRoutes, userGroupRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import '../test-texts';
import { AssignExamModal } from './assign-exam-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const person = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  avatar_url: null,
  is_student: true,
  is_teacher: false,
  relation: 'school' as const,
});
const member = (id: number, first: string, last: string) => ({
  ...person(id, first, last),
  is_auto_created: false,
  school: '',
});
const group = {
  id: 9,
  name: '7 B',
  author: 1,
  receivers_emails: '',
  receivers_users: [member(2, 'Ana', 'Stoyanova'), member(4, 'Vera', 'Koleva')],
  members_count: 2,
  created_at: '2026-11-01T10:00:00Z',
};
const choice = { id: 5, name: 'Fractions', questions_count: 3, total_score: 10, excellent_score_value: 9 };
const schoolClass = {
  id: 4,
  name: '7А',
  school_year: '2026/2027',
  students: 24,
  teachers: 1,
  class_teacher: 'Teodora Marinova',
  role: 'class_teacher' as const,
};
/** The assignment the server answers for a body given to a class or a group. */
const assignmentOf = (body: { school_class?: number | null; start_at: string; end_at: string }) => ({
  id: 31,
  school_test: { id: 5, name: 'Fractions' },
  target: body.school_class
    ? { kind: 'class' as const, id: 4, name: '7А' }
    : { kind: 'group' as const, id: 9, name: '7 B' },
  start_exam_at: body.start_at,
  end_exam_at: body.end_at,
  shuffle_questions: false,
  show_results_after_end: false,
  leave_completes: false,
  time_limit_minutes: null,
  students_count: body.school_class ? 24 : 2,
  started_count: 0,
  completed_count: 0,
  date_created: '2026-11-26T10:00:00Z',
});

function show(test: { id: number; name: string } | null, { refusal }: { refusal?: object } = {}) {
  const posted: unknown[] = [];
  fakeApi()
    .on(examRoutes.examStudentsSearch, ({ query }) =>
      [person(2, 'Ana', 'Stoyanova'), person(3, 'Boris', 'Ivanov')].filter((one) =>
        `${one.first_name} ${one.last_name}`.includes(query.get('search') ?? ''),
      ),
    )
    .on(userGroupRoutes.userGroups, [group])
    .on(testRoutes.testChoices, [choice])
    .on(schoolClassRoutes.myClasses, [schoolClass])
    .on(examRoutes.createExams, ({ body }) => {
      posted.push(body);
      return { created: [11], skipped: [{ student: 4, reason: 'not_reached' as const }] };
    })
    .on(examRoutes.createExamAssignment, ({ body }) => {
      posted.push(body);
      return refusal ? reply(400, refusal) : assignmentOf(body as Parameters<typeof assignmentOf>[0]);
    });
  renderWithProviders(<AssignExamModal opened onClose={() => undefined} test={test} />, {
    mantineEnv: 'test',
  });
  return posted;
}

const setWindow = (dialog: HTMLElement) => {
  fireEvent.change(within(dialog).getByLabelText(/^Start/), { target: { value: '2026-12-01T08:30' } });
  fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '2026-12-01T09:15' } });
};

describe('giving a test as an exam', () => {
  it('sends the chosen students and the window in local time with its offset', async () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    const posted = show({ id: 5, name: 'Fractions' });
    const dialog = await screen.findByRole('dialog', { name: 'Give “Fractions” as an exam' });
    fireEvent.change(within(dialog).getByLabelText('Find students'), { target: { value: 'Ana' } });
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Add Ana Stoyanova' }, { timeout: 5000 }),
    );
    expect(within(dialog).getByText('1 student chosen')).toBeVisible();
    setWindow(dialog);
    fireEvent.click(within(dialog).getByLabelText('Shuffle the questions and answers'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give the exam to 1 student' }));

    expect(await within(dialog).findByText('1 exam was created.')).toBeVisible();
    expect(posted).toEqual([
      {
        school_test: 5,
        student: [2],
        start_at: '2026-12-01T08:30:00+02:00',
        end_at: '2026-12-01T09:15:00+02:00',
        shuffle_questions: true,
        show_results_after_end: false,
        leave_completes: false,
      },
    ]);
  });

  it('gives the exam to a class as one assignment and links to its page', async () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    const posted = show({ id: 5, name: 'Fractions' });
    const dialog = await screen.findByRole('dialog', { name: 'Give “Fractions” as an exam' });
    fireEvent.click(within(dialog).getByLabelText('A class'));
    await within(dialog).findByPlaceholderText('Choose a class');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Class/ }));
    fireEvent.click(await screen.findByRole('option', { name: '7А (2026/2027, 24 students)' }));
    setWindow(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give to the class' }));

    expect(
      await within(dialog).findByText('Given to 7А: 24 students now, and to whoever joins while it runs.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('link', { name: "Open the exam's page" }).getAttribute('href')).toBe(
      '/exam-assignments/31',
    );
    expect(posted).toEqual([
      {
        school_test: 5,
        school_class: 4,
        start_at: '2026-12-01T08:30:00+02:00',
        end_at: '2026-12-01T09:15:00+02:00',
        shuffle_questions: false,
        show_results_after_end: false,
        leave_completes: false,
      },
    ]);
  });

  it('gives the exam to a group as one assignment, after picking the test', async () => {
    vi.stubEnv('TZ', 'Europe/Sofia');
    const posted = show(null);
    const dialog = await screen.findByRole('dialog', { name: 'Give a test as an exam' });
    await within(dialog).findByPlaceholderText('Choose one of your tests');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Test/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Fractions/ }));
    fireEvent.click(within(dialog).getByLabelText('A group of mine'));
    await within(dialog).findByPlaceholderText('Choose a group');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Group/ }));
    fireEvent.click(await screen.findByRole('option', { name: '7 B (2 members)' }));
    setWindow(dialog);
    fireEvent.click(within(dialog).getByLabelText('Show results only after the end'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give to the group' }));

    expect(
      await within(dialog).findByText('Given to 7 B: 2 students now, and to whoever joins while it runs.'),
    ).toBeVisible();
    expect(posted).toEqual([
      {
        school_test: 5,
        user_group: 9,
        start_at: '2026-12-01T08:30:00+02:00',
        end_at: '2026-12-01T09:15:00+02:00',
        shuffle_questions: false,
        show_results_after_end: true,
        leave_completes: false,
      },
    ]);
  });

  it("shows the server's refusal of a class and of the end on their fields", async () => {
    show(
      { id: 5, name: 'Fractions' },
      { refusal: { school_class: ['Not found.'], end_at: ['The end must be in the future.'] } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Give “Fractions” as an exam' });
    fireEvent.click(within(dialog).getByLabelText('A class'));
    await within(dialog).findByPlaceholderText('Choose a class');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Class/ }));
    fireEvent.click(await screen.findByRole('option', { name: /^7А/ }));
    setWindow(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give to the class' }));

    expect(await within(dialog).findByText('Not found.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /^Class/ })).toHaveAccessibleDescription(
      /Not found\./,
    );
    expect(within(dialog).getByText('The end must be in the future.')).toBeVisible();
    expect(within(dialog).getByLabelText(/^End/)).toHaveAccessibleDescription(/in the future/);
  });

  it('sends the strict leave rule and a time limit inside the window when chosen', async () => {
    const posted = show({ id: 5, name: 'Fractions' });
    const dialog = await screen.findByRole('dialog', { name: 'Give “Fractions” as an exam' });
    fireEvent.change(within(dialog).getByLabelText('Find students'), { target: { value: 'Ana' } });
    fireEvent.click(
      await within(dialog).findByRole('button', { name: 'Add Ana Stoyanova' }, { timeout: 5000 }),
    );
    setWindow(dialog);
    const limit = within(dialog).getByRole('textbox', { name: 'Time limit (minutes)' });
    fireEvent.change(limit, { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give the exam to 1 student' }));
    expect(
      await within(dialog).findByText('Enter whole minutes from 1 to 1440, or leave it blank.'),
    ).toBeVisible();
    expect(posted).toEqual([]);
    fireEvent.change(limit, { target: { value: '20' } });
    // The switch is named by its label beside it.
    expect(within(dialog).getByText('Leaving the exam page completes the exam')).toBeVisible();
    const strict = within(dialog).getByRole('switch');
    expect((strict as HTMLInputElement).checked).toBe(false);
    fireEvent.click(strict);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give the exam to 1 student' }));
    expect(await within(dialog).findByText('1 exam was created.')).toBeVisible();
    expect(posted).toEqual([expect.objectContaining({ leave_completes: true, time_limit_minutes: 20 })]);
  });

  it('shows what is missing on its field and sends nothing', async () => {
    const posted = show({ id: 5, name: 'Fractions' });
    const dialog = await screen.findByRole('dialog', { name: 'Give “Fractions” as an exam' });
    fireEvent.change(within(dialog).getByLabelText(/^End/), { target: { value: '2000-01-01T08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give the exam' }));
    expect(await within(dialog).findByText('Choose at least one student.')).toBeVisible();
    expect(within(dialog).getByText('The end must be after the start.')).toBeVisible();
    expect(posted).toEqual([]);
  });
});
