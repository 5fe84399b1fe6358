import {
  MARKET_SEARCH_MAX_LENGTH,
  type MarketLanguage,
  type MarketTopic,
  marketLanguages,
  marketTopics,
} from '@flashcards/contract';
import { pageFromParam } from '../../lib/deck-keys';

/** The catalog's three orders (spec: most adopted, recently updated, top rated). */
export const catalogOrders = ['most_download', 'last_update', 'top_rate'] as const;
export type CatalogOrder = (typeof catalogOrders)[number];
export const defaultOrder: CatalogOrder = 'most_download';

/** What the catalog list shows, as kept in the address (`?q=&language=&topic=&order=&page=`). */
export type CatalogSearch = {
  page: number;
  q: string;
  language: MarketLanguage | null;
  topic: MarketTopic | null;
  order: CatalogOrder;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The search from the address; anything unknown is left out. */
export function catalogSearchFrom(params: URLSearchParams): CatalogSearch {
  return {
    page: pageFromParam(params.get('page')),
    q: (params.get('q') ?? '').trim().slice(0, MARKET_SEARCH_MAX_LENGTH),
    language: oneOf(marketLanguages, params.get('language')),
    topic: oneOf(marketTopics, params.get('topic')),
    order: oneOf(catalogOrders, params.get('order')) ?? defaultOrder,
  };
}

/** The address of a search: defaults are left out, so the plain catalog has a plain address. */
export function catalogParamsOf(search: CatalogSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.language) params.set('language', search.language);
  if (search.topic) params.set('topic', search.topic);
  if (search.order !== defaultOrder) params.set('order', search.order);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The query of the catalog call: the spec's parameters, the order as one flag. */
export function catalogQueryOf(search: CatalogSearch) {
  return {
    page: search.page,
    ...(search.q ? { search_value: search.q } : {}),
    ...(search.language ? { language: search.language } : {}),
    ...(search.topic ? { topic: search.topic } : {}),
    [search.order]: true,
  };
}
