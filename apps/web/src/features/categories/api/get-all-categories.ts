import { cardRoutes, categorySchema } from '@flashcards/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deckKeys } from '../../../lib/deck-keys';
import type { CategoryList } from './get-categories';

const _listSchema = categorySchema.array();

/** Every category of the list, alphabetical: the choices of the merge dialog. */
export const getAllCategories = (list: CategoryList, signal?: AbortSignal) =>
  api.call(list === 'kids' ? cardRoutes.allKidsCategories : cardRoutes.allCategories, { signal });

export const allCategoriesQuery = (list: CategoryList) =>
  queryOptions({
    queryKey: deckKeys.allCategories(list),
    queryFn: ({ signal }) => getAllCategories(list, signal),
  });

export const useAllCategories = (list: CategoryList, enabled = true) =>
  useQuery({ ...allCategoriesQuery(list), enabled });
