import { type LearningPathProgress, learningPathRoutes } from '@flashcards/contract';
import { cleanup, screen, within } from '@testing-library/react';
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
  progress: [day(1, '2026-11-23', 25, 5), day(2, '2026-11-24', 4, 1)],
};

function show(userId: number) {
  fakeApi().on(learningPathRoutes.pathProgress, path);
  renderWithProviders(<PathProgressPage />, {
    path: '/learning-path-progress/:learningPathId',
    at: '/learning-path-progress/5',
    user: { id: userId },
    mantineEnv: 'test',
  });
}

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
});
