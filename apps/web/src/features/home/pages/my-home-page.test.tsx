import { type Home, homeRoutes } from '@flashcards/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MyHomePage } from './my-home-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NOW = '2026-11-26T08:00:00.000Z';
const inMinutes = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

const home = (overrides: Partial<Home> = {}): Home => ({
  roles: [],
  uses_teacher_tools: false,
  today: '2026-11-26',
  now: NOW,
  sent_to_me: { offers: [], count: 0 },
  student: null,
  learner: null,
  teacher: null,
  principal: null,
  ...overrides,
});

const student: Home['student'] = {
  paths: [
    {
      id: 4,
      name: 'Rivers of Europe',
      category_name: 'Rivers',
      type_of_cards: 'text',
      end_at: '2026-12-03',
      daily_flip_target: 20,
      daily_learn_target: 0,
      flips_today: 5,
      learned_today: 0,
      completed: false,
    },
  ],
  exams: [
    {
      id: 9,
      test_name: 'Capitals',
      start_exam_at: inMinutes(1),
      ends_at: inMinutes(61),
      is_exam_started: false,
      open: false,
    },
  ],
  results: [],
};

const show = (answer: Home, options: Parameters<typeof renderWithProviders>[1] = {}) => {
  fakeApi().on(homeRoutes.home, answer);
  // The account as the shell has it (not signed in, so that it is not asked for again).
  return renderWithProviders(<MyHomePage />, {
    user: { id: 1, first_name: 'Ana', last_name: 'Petrova' },
    mantineEnv: 'test',
    ...options,
  });
};

describe("a student's home", () => {
  it("shows today's path with its progress, and counts down to the exam until its Start button comes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse(NOW) });
    show(home({ roles: ['student'], student }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();

    const paths = screen.getByRole('region', { name: "Today's learning paths" });
    expect(within(paths).getByText('Rivers of Europe')).toBeVisible();
    expect(within(paths).getByRole('progressbar', { name: 'Cards answered today' })).toHaveAttribute(
      'aria-valuetext',
      '5 of 20',
    );
    expect(within(paths).getByRole('link', { name: 'Study Rivers of Europe' })).toHaveAttribute(
      'href',
      '/learning-path-progress/4',
    );

    const exams = screen.getByRole('region', { name: 'Exams ahead' });
    expect(within(exams).getByRole('timer')).toHaveTextContent(/^Opens in 00:0[01]:\d\d$/);
    expect(within(exams).queryByRole('link', { name: /Start/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(within(exams).getByRole('link', { name: 'Start the exam Capitals' })).toHaveAttribute(
      'href',
      '/school-exam-started/9',
    );
  });

  it('says so in Bulgarian when nothing is set for today', async () => {
    show(home({ roles: ['student'], student: { paths: [], exams: [], results: [] } }), { language: 'bg' });
    expect(
      await screen.findByText(
        'Днес нямате учебна пътека. Когато учител ви зададе такава, тя ще се появи тук.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Нямате изпити през следващите две седмици.')).toBeVisible();
  });
});

describe("a learner's home", () => {
  it('leads a new learner to make a category or take one from the catalog', async () => {
    show(
      home({
        roles: ['learner'],
        learner: {
          due_cards_len: 0,
          continue_category: null,
          categories_count: 0,
          answers_today: 0,
          daily_limit: 30,
          streak_days: 0,
          practised_today: false,
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Start with your first category' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a category' })).toHaveAttribute('href', '/my-categories');
    expect(screen.getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/market');
  });

  it("continues the last category, with the reviews due, the day's answers left and the streak", async () => {
    show(
      home({
        roles: ['learner'],
        learner: {
          due_cards_len: 3,
          continue_category: { id: 7, name: 'Verbs', type_of_cards: 'text' },
          categories_count: 2,
          answers_today: 12,
          daily_limit: 30,
          streak_days: 4,
          practised_today: false,
        },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Continue practising Verbs' })).toHaveAttribute(
      'href',
      '/flash-cards-text/7',
    );
    expect(screen.getByText('3 cards due for review')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: "Today's answers" })).toHaveAttribute(
      'aria-valuetext',
      '18 left today',
    );
    expect(screen.getByText('4 days in a row')).toBeVisible();
    expect(screen.getByText('Practise today to keep it going.')).toBeVisible();
  });
});

describe("a teacher's and a principal's home", () => {
  it('shows a running sitting to watch, the classes of the week, and the school at a glance', async () => {
    show(
      home({
        roles: ['teacher', 'principal'],
        teacher: {
          sittings: [
            {
              test_id: 3,
              test_name: 'Capitals',
              start_exam_at: inMinutes(-10),
              end_exam_at: inMinutes(30),
              state: 'running',
              students: 25,
              started: 20,
              completed: 4,
            },
          ],
          classes: [{ id: 2, name: '7А', students: 25, active_students: 18, path_answers: 340 }],
          to_review: 0,
        },
        principal: {
          school: { id: 1, name: 'Vasil Levski School' },
          classes: 12,
          students: 300,
          teachers: 20,
          seats: 320,
          paths_this_week: 6,
          exams_this_week: 3,
          teachers_this_week: [{ id: 5, first_name: 'Maria', last_name: 'Ivanova', paths: 6, exams: 3 }],
        },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Watch Capitals live' })).toHaveAttribute(
      'href',
      '/school-tests/3/live',
    );
    const classes = screen.getByRole('region', { name: 'My classes this week' });
    expect(within(classes).getByRole('progressbar', { name: 'Students who studied' })).toHaveAttribute(
      'aria-valuetext',
      '18 of 25',
    );
    const school = screen.getByRole('region', { name: 'Vasil Levski School at a glance' });
    expect(within(school).getByText('300 of 320 seats')).toBeVisible();
    expect(screen.getByRole('row', { name: /Maria Ivanova/ })).toBeVisible();
  });
});
