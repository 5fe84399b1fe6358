import { type LearningPathProgress, learningPathRoutes, testRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PathProgressPage } from './path-progress-page';

afterEach(cleanup);

const day = (id: number, create_at: string, flips: number, learned: number) => ({
  id,
  create_at,
  flip_cards_verbal: flips,
  flip_cards_typing: 0,
  learned_cards_verbal: learned,
  learned_cards_typing: 0,
});
const path: LearningPathProgress = {
  id: 5,
  test_state: null,
  name: 'Animals',
  start_at: '2020-01-01',
  end_at: '2099-12-31',
  start_test_at: null,
  end_test_at: null,
  test: null,
  created_by_user: { id: 1, first_name: 'Teodora', last_name: 'Marinova', avatar_url: null },
  assigned_user: { id: 2, first_name: 'Ana', last_name: 'Stoyanova', avatar_url: null },
  category: { id: 7, name: 'Animals', type_of_cards: 'picture' },
  categories_tags: ['zoo'],
  daily_cards_flip_target: 20,
  daily_cards_learn_target: 5,
  flip_cards_volume: 20,
  learned_card_volume_verbal: 2,
  learned_card_volume_typing: 10,
  learning_type_verbal: true,
  learning_type_typing: true,
  completed_verbal: true,
  completed_typing: false,
  date_created: '2026-11-01T10:00:00Z',
  cards_len: 3,
  learned_cards_verbal_len: 3,
  learned_cards_typing_len: 0,
  today: day(2, '2026-11-24', 4, 1),
  assignment: null,
  progress: [day(1, '2026-11-23', 25, 5), day(2, '2026-11-24', 4, 1)],
};

function show(userId: number, shown: LearningPathProgress = path) {
  const api = fakeApi().on(learningPathRoutes.pathProgress, shown);
  renderWithProviders(<PathProgressPage />, {
    path: '/learning-path-progress/:learningPathId',
    at: '/learning-path-progress/5',
    user: { id: userId },
    mantineEnv: 'test',
    routes: { '/school-exam-started/:examId': <p>Taking the exam</p> },
  });
  return api;
}

const test = {
  id: 9,
  name: 'Animals quiz',
  questions_count: 2,
  total_score: 6,
  status: 'open' as const,
  targets_met: true,
  opens_at: null,
  ends_at: '2099-12-31T22:00:00.000Z',
  exam: null,
};

describe("a path's progress", () => {
  it("shows its student today's targets and the ways to study it", async () => {
    show(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
    expect(screen.getByText('4 of 20')).toBeVisible();
    expect(screen.getByText('1 of 5')).toBeVisible();
    expect(screen.getByText('Verbal completed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Study verbally' }).getAttribute('href')).toBe(
      '/learning-path-cards-picture/5?type=verbal',
    );
    expect(screen.getByRole('link', { name: 'Study by typing' }).getAttribute('href')).toBe(
      '/learning-path-cards-picture/5?type=typing',
    );
    const history = screen.getByRole('table', { name: /Progress by day/ });
    const rows = within(history).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayAnswers (verbal)Answers (typing)Learned (verbal)Learned (typing)Both targets reached',
      'November 23, 202625050Yes',
      'November 24, 20264010No',
    ]);
  });

  it('shows the teacher the same progress, without studying', async () => {
    show(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
    expect(screen.getByText('3 of 3 cards (after 2 right answers)')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Study verbally' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All learning paths' }).getAttribute('href')).toBe(
      '/learning-paths',
    );
  });

  it('offers its student the test once it is open, and takes them to the exam', async () => {
    const api = show(2, { ...path, test: 9, test_state: test });
    api.on(learningPathRoutes.openPathTest, {
      ...test,
      exam: { id: 44, status: 'not_started', score: null, grade: null, completed_at: null },
    });
    expect(await screen.findByRole('heading', { name: 'Test' })).toBeVisible();
    expect(screen.getByText('Animals quiz')).toBeVisible();
    expect(screen.getByText('2 questions, 6 points')).toBeVisible();
    expect(screen.getByText(/^Open until/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Take the test' }));
    expect(await screen.findByText('Taking the exam')).toBeVisible();
    expect(api.callsTo(learningPathRoutes.openPathTest)).toHaveLength(1);
  });

  it('tells its student when a waiting test opens, without a way in yet', async () => {
    show(2, {
      ...path,
      test: 9,
      test_state: { ...test, status: 'waiting', targets_met: false, opens_at: '2099-12-01T08:00:00.000Z' },
    });
    expect(await screen.findByText(/^Opens on .*, or earlier when the path's targets are met/)).toBeVisible();
    expect(screen.getByText('The targets are not met yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take the test' })).toBeNull();
  });

  it("shows the teacher the student's grade and a link to the result", async () => {
    show(1, {
      ...path,
      test: 9,
      test_state: {
        ...test,
        status: 'completed',
        exam: { id: 44, status: 'completed', score: 3, grade: 5, completed_at: '2026-11-25T10:00:00.000Z' },
      },
    });
    expect(await screen.findByText('Score: 3 of 6')).toBeVisible();
    expect(screen.getByText('Very good (5)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Take the test' })).toBeNull();
    expect(screen.getByRole('link', { name: "The test's result" }).getAttribute('href')).toBe(
      '/school-exam/44',
    );
  });

  it('lets the teacher add a test to the path, and not change it once the student started it', async () => {
    const api = show(1);
    api
      .on(testRoutes.testChoices, [
        { id: 9, name: 'Animals quiz', questions_count: 2, total_score: 6, excellent_score_value: 6 },
      ])
      .on(learningPathRoutes.pathTest, { ...path, test: 9, test_state: { ...test, status: 'waiting' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'The test at the end of the path' });
    await within(dialog).findByPlaceholderText('No test');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Test at the end/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Animals quiz' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save the test' }));
    await expect.poll(() => api.callsTo(learningPathRoutes.pathTest).length).toBe(1);
    expect(api.sent().find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/learning-paths/details-teachers/5/test/',
      body: { test: 9, start_test_at: null, end_test_at: null },
    });
    cleanup();

    show(1, {
      ...path,
      test: 9,
      test_state: {
        ...test,
        exam: { id: 44, status: 'in_progress', score: null, grade: null, completed_at: null },
      },
    });
    expect(await screen.findByText(/^Open until/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Change the test' })).toBeNull();
  });
});
