import { type LearningPathProgress, learningPathRoutes } from '@flashcards/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PathStudyPage } from './path-study-page';

afterEach(cleanup);

const person = { id: 2, first_name: 'Ana', last_name: 'Stoyanova', avatar_url: null };
const path: LearningPathProgress = {
  id: 5,
  test_state: null,
  name: 'Animals',
  start_at: '2026-11-01',
  end_at: '2026-11-30',
  start_test_at: null,
  end_test_at: null,
  test: null,
  created_by_user: { ...person, id: 1, first_name: 'Teodora', last_name: 'Marinova' },
  assigned_user: person,
  category: { id: 7, name: 'Animals', type_of_cards: 'text' },
  categories_tags: [],
  daily_cards_flip_target: 20,
  daily_cards_learn_target: 5,
  flip_cards_volume: 20,
  learned_card_volume_verbal: 1,
  learned_card_volume_typing: 10,
  learning_type_verbal: true,
  learning_type_typing: false,
  completed_verbal: false,
  completed_typing: false,
  date_created: '2026-11-01T10:00:00Z',
  cards_len: 1,
  learned_cards_verbal_len: 0,
  learned_cards_typing_len: 0,
  today: null,
  assignment: null,
  progress: [],
};
const card = {
  id: 40,
  card: 9,
  first_side: 'owl',
  second_side: 'сова',
  category: 7,
  tag: '',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  guesses_score: 0,
  incorrect_guesses_score: 0,
  guesses_score_typing: 0,
  incorrect_guesses_score_typing: 0,
  learned_verbal: false,
  learned_typing: false,
};

type Reply = { status: number; body: unknown };
function show(deck: () => Reply) {
  const server = fakeApi()
    .on(learningPathRoutes.pathProgress, path)
    .on(learningPathRoutes.pathTextCards, () => {
      const { status, body } = deck();
      return reply(status, body);
    })
    .on(learningPathRoutes.answerPathTextCard, { ...card, guesses_score: 1, learned_verbal: true });
  renderWithProviders(<PathStudyPage kind="text" />, {
    path: '/learning-path-cards-text/:learningPathId',
    at: '/learning-path-cards-text/5?type=verbal',
    user: { id: 2 },
    mantineEnv: 'test',
  });
  // Each call as "METHOD /path/?query {body}".
  return () =>
    server.calls.map(
      ({ method, url, body }) =>
        `${method} ${url.pathname}${url.search}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`,
    );
}

describe("studying a path's cards", () => {
  it("takes the path's deck, answers on the path, and a learned card leaves the deck", async () => {
    let decks = 0;
    const calls = show(() => ({ status: 200, body: decks++ === 0 ? [card] : [] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Animals' })).toBeVisible();
    fireEvent.click(await screen.findByRole('button', { pressed: false }));
    fireEvent.click(screen.getByRole('button', { name: /^Guessed/ }));
    // The round was the session: its summary, then another round of a deck the learned card has left.
    expect(await screen.findByRole('heading', { name: 'Session over' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Another round' }));
    expect(await screen.findByText('No more cards with given filters')).toBeVisible();
    expect(calls()).toContain('GET /api/learning-paths/card-text-students/?learning_path_id=5&type=verbal');
    // The answer names the session, so that it can be taken back.
    expect(calls()).toContainEqual(
      expect.stringMatching(
        /^PUT \/api\/learning-paths\/card-text-students\/40\/ \{"guesses_score":1,"session":"[0-9a-f-]{36}"\}$/,
      ),
    );
    expect(calls().filter((call) => call.startsWith('PUT /api/card/'))).toEqual([]);
  });

  it("shows the path's refusal outside its days", async () => {
    show(() => ({
      status: 403,
      body: { detail: 'This learning path runs from 1 November 2026 to 30 November 2026.' },
    }));
    expect(await screen.findByText('You cannot study this path now')).toBeVisible();
    expect(
      screen.getByText('This learning path runs from 1 November 2026 to 30 November 2026.'),
    ).toBeVisible();
    const back = screen.getAllByRole('link', { name: 'Back to the path' });
    expect(back.map((link) => link.getAttribute('href'))).toEqual([
      '/learning-path-progress/5',
      '/learning-path-progress/5',
    ]);
  });
});
