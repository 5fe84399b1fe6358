import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { categoryFixture } from '../../test/category-fixture';
import { renderWithProviders } from '../../test/render';
import { ReviewDueButton } from './review-due-button';

afterEach(cleanup);

const category = categoryFixture({ due_cards_len: 2, new_review_cards_len: 1 });

const show = (props: Parameters<typeof ReviewDueButton>[0]) =>
  renderWithProviders(<ReviewDueButton {...props} />);

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
    expect(screen.getByRole('link', { name: 'Review due cards (0) of Capitals' })).toBeVisible();
  });

  it('offers the new cards when nothing is due yet', () => {
    show({ category: { ...category, due_cards_len: 0, new_review_cards_len: 3 }, onlyWithCards: true });
    const link = screen.getByRole('link', { name: 'Review new cards of Capitals' });
    expect(link.textContent).toBe('Review new cards');
  });
});
