import { marketRoutes } from '@flashcards/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type CatalogSearch, catalogQueryOf } from '../catalog-search';
import { marketKeys } from './market-keys';

export type CatalogAccess = 'public' | 'user';

/** A page of 20 catalog categories: signed in (`GET card/market/`) or as a guest (`card/market-public/`). */
export const getCatalog = (access: CatalogAccess, search: CatalogSearch, signal?: AbortSignal) =>
  api.call(access === 'user' ? marketRoutes.marketCategories : marketRoutes.publicMarketCategories, {
    query: catalogQueryOf(search),
    signal,
  });

export const catalogQuery = (access: CatalogAccess, search: CatalogSearch) =>
  queryOptions({
    queryKey: [...marketKeys.lists(access), search],
    queryFn: ({ signal }) => getCatalog(access, search, signal),
    // The page shown stays while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useCatalog = (access: CatalogAccess, search: CatalogSearch) =>
  useQuery(catalogQuery(access, search));

/** A catalog category with its sample cards; signed in, also what I did with it. */
export const getCatalogCategory = (access: CatalogAccess, id: number, signal?: AbortSignal) =>
  api.call(access === 'user' ? marketRoutes.marketCategory : marketRoutes.publicMarketCategory, {
    params: { id },
    signal,
  });

export const useCatalogCategory = (access: CatalogAccess, id: number) =>
  useQuery({
    queryKey: marketKeys.category(access, id),
    queryFn: ({ signal }) => getCatalogCategory(access, id, signal),
  });
