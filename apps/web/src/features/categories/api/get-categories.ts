import { cardRoutes, categorySchema, paginated } from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import { type ListSort, sortQuery } from '../../../lib/list-params';

/** Text and picture categories (/my-categories) or kids categories (/kids). */
export type CategoryList = 'decks' | 'kids';

const _pageSchema = paginated(categorySchema);

export const getCategories = (
  list: CategoryList,
  { page, sort }: { page: number; sort: ListSort },
  signal?: AbortSignal,
) =>
  api.call(list === 'kids' ? cardRoutes.kidsCategories : cardRoutes.categories, {
    query: { page, ...sortQuery[sort] },
    signal,
  });

export const categoriesQuery = (list: CategoryList, params: { page: number; sort: ListSort }) =>
  queryOptions({
    queryKey: [...deckKeys.categoryPages(list), params],
    queryFn: ({ signal }) => getCategories(list, params, signal),
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

export const useCategories = (list: CategoryList, params: { page: number; sort: ListSort }) =>
  useQuery(categoriesQuery(list, params));
