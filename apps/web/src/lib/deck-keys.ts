/**
 * Query keys of categories and their cards, shared by the features that read and change them. Everything
 * sits under one root: a change to a category or a card refreshes every list and count that shows it.
 */
export const deckKeys = {
  all: ['decks'] as const,
  categoryPages: (list: 'decks' | 'kids' | 'ai') => ['decks', 'category-pages', list] as const,
  allCategories: (list: 'decks' | 'kids') => ['decks', 'all-categories', list] as const,
  category: (id: number) => ['decks', 'category', id] as const,
  cardPages: (categoryId: number) => ['decks', 'card-pages', categoryId] as const,
  tags: (categoryId: number) => ['decks', 'tags', categoryId] as const,
};

/** Number of pages of a paginated list of `count` items, 20 a page (spec: the total divided by 20, rounded up). */
export const pageCount = (count: number, pageSize = 20): number => Math.max(1, Math.ceil(count / pageSize));

/** A positive page number from the address, else 1. */
export const pageFromParam = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};
