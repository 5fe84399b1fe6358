import { cardRoutes, categorySchema, paginated } from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';

/** Text and picture categories (/my-categories) or kids categories (/kids). */
export type CategoryList = 'decks' | 'kids';

export const categorySorts = ['newest', 'oldest', 'az', 'za'] as const;
export type CategorySort = (typeof categorySorts)[number];

const sortParams: Record<CategorySort, { sort_by: 'date' | 'alphabetical'; sort_order: 'asc' | 'desc' }> = {
  newest: { sort_by: 'date', sort_order: 'desc' },
  oldest: { sort_by: 'date', sort_order: 'asc' },
  az: { sort_by: 'alphabetical', sort_order: 'asc' },
  za: { sort_by: 'alphabetical', sort_order: 'desc' },
};

export const isCategorySort = (value: unknown): value is CategorySort =>
  (categorySorts as readonly unknown[]).includes(value);

const _pageSchema = paginated(categorySchema);

export const getCategories = (
  list: CategoryList,
  { page, sort }: { page: number; sort: CategorySort },
  signal?: AbortSignal,
) =>
  api.call(list === 'kids' ? cardRoutes.kidsCategories : cardRoutes.categories, {
    query: { page, ...sortParams[sort] },
    signal,
  });

export const categoriesQuery = (list: CategoryList, params: { page: number; sort: CategorySort }) =>
  queryOptions({
    queryKey: [...deckKeys.categoryPages(list), params],
    queryFn: ({ signal }) => getCategories(list, params, signal),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

export const useCategories = (list: CategoryList, params: { page: number; sort: CategorySort }) =>
  useQuery(categoriesQuery(list, params));
