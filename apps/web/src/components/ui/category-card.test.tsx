import type { Category } from '@flashcards/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { categoryFixture } from '../../test/category-fixture';
import { renderWithProviders } from '../../test/render';
import { CategoryCard } from './category-card';

afterEach(cleanup);

const category = (type_of_cards: Category['type_of_cards']): Category =>
  categoryFixture({ id: 7, name: 'Animals', type_of_cards, language: 'en', cards_len: 4 });

const shown = (type: Category['type_of_cards']) =>
  renderWithProviders(<CategoryCard category={category(type)} />);

describe('a category card', () => {
  it('shows the learned counts of both modes for text and picture categories', () => {
    shown('text');
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('shows a kids category with its cards and no learned counts, which kids cards do not have', () => {
    shown('kids');
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getByText(/4 cards/)).toBeVisible();
  });
});
