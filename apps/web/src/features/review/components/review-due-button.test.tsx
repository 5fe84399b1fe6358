import type { Category } from '@flashcards/contract';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { ReviewDueButton } from './review-due-button';

afterEach(cleanup);

const category = {
  id: 4,
  name: 'Capitals',
  user: { id: 1, first_name: 'Rada', last_name: 'Todorova', email: 'rada@example.com', avatar_url: null },
  type_of_cards: 'text',
  description: '',
  language: '',
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
  cards_len: 3,
  learned_cards_verbal_len: 0,
  learned_cards_typing_len: 0,
  due_cards_len: 2,
  new_review_cards_len: 1,
  total_guesses_score: 0,
  total_incorrect_guesses_score: 0,
  total_guesses_score_typing: 0,
  total_incorrect_guesses_score_typing: 0,
} satisfies Category;

const show = (props: Parameters<typeof ReviewDueButton>[0]) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ReviewDueButton {...props} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the review entry', () => {
  it('names the due count and leads to the review of the category', () => {
    show({ category });
    const link = screen.getByRole('link', { name: 'Review due cards (2) of Capitals' });
    expect(link.getAttribute('href')).toBe('/review/4');
    expect(link.textContent).toBe('Review due cards (2)');
  });

  it('is not offered for kids categories nor empty ones', () => {
    show({ category: { ...category, type_of_cards: 'kids' } });
    show({ category: { ...category, cards_len: 0 } });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('in the list, only while there is something to review', () => {
    show({ category: { ...category, due_cards_len: 0, new_review_cards_len: 0 }, onlyWithCards: true });
    expect(screen.queryByRole('link')).toBeNull();
    show({ category: { ...category, due_cards_len: 0, new_review_cards_len: 0 } });
    expect(screen.getByRole('link', { name: 'Review due cards (0) of Capitals' })).toBeTruthy();
  });

  it('offers the new cards when nothing is due yet', () => {
    show({ category: { ...category, due_cards_len: 0, new_review_cards_len: 3 }, onlyWithCards: true });
    const link = screen.getByRole('link', { name: 'Review new cards of Capitals' });
    expect(link.textContent).toBe('Review new cards');
  });
});
