import type { Category } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { CategoryCard } from './category-card';

afterEach(cleanup);

const category = (type_of_cards: Category['type_of_cards']): Category => ({
  id: 7,
  name: 'Animals',
  user: { id: 1, first_name: 'Ana', last_name: 'Petrova', avatar_url: null } as Category['user'],
  type_of_cards,
  description: '',
  language: 'en',
  topic: '',
  send_to_me: false,
  ai_created: false,
  market_accessible: false,
  market_approvement: 'none',
  market_rejection_reason: '',
  adopted: 0,
  adopted_from: null,
  market_update_available: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  cards_len: 4,
  learned_cards_verbal_len: 0,
  learned_cards_typing_len: 0,
  total_guesses_score: 0,
  total_incorrect_guesses_score: 0,
  total_guesses_score_typing: 0,
  total_incorrect_guesses_score_typing: 0,
});

const shown = (type: Category['type_of_cards']) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <CategoryCard category={category(type)} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('a category card', () => {
  it('shows the learned counts of both modes for text and picture categories', () => {
    shown('text');
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('shows a kids category with its cards and no learned counts, which kids cards do not have', () => {
    shown('kids');
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getByText(/4 cards/)).toBeTruthy();
  });
});
