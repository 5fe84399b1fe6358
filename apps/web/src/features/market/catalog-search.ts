import {
  MARKET_SEARCH_MAX_LENGTH,
  type MarketLanguage,
  type MarketTopic,
  marketLanguages,
  marketTopics,
} from '@flashcards/contract';
import { pageFromParam } from '../../lib/deck-keys';

/**
 * The catalog's orders: the spec's three (most adopted, recently updated, top rated), and for a search the
 * best match first, as the server ranks it when no order is asked for.
 */
export const catalogOrders = ['relevance', 'most_download', 'last_update', 'top_rate'] as const;
export type CatalogOrder = (typeof catalogOrders)[number];

/** The orders offered: the best match only when there is a search to match. */
export const ordersFor = (q: string): readonly CatalogOrder[] =>
  q ? catalogOrders : catalogOrders.filter((order) => order !== 'relevance');

/** The order used when none is chosen: the best match of a search, else the most adopted. */
export const defaultOrderFor = (q: string): CatalogOrder => (q ? 'relevance' : 'most_download');

/** The order a search is shown in. */
export const orderOf = (search: CatalogSearch): CatalogOrder =>
  search.order && ordersFor(search.q).includes(search.order) ? search.order : defaultOrderFor(search.q);

/** What the catalog list shows, as kept in the address (`?q=&language=&topic=&order=&page=`). */
export type CatalogSearch = {
  page: number;
  q: string;
  language: MarketLanguage | null;
  topic: MarketTopic | null;
  /** Null: the default for the search (see `defaultOrderFor`). */
  order: CatalogOrder | null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The search from the address; anything unknown is left out. */
export function catalogSearchFrom(params: URLSearchParams): CatalogSearch {
  const q = (params.get('q') ?? '').trim().slice(0, MARKET_SEARCH_MAX_LENGTH);
  const order = oneOf(ordersFor(q), params.get('order'));
  return {
    page: pageFromParam(params.get('page')),
    q,
    language: oneOf(marketLanguages, params.get('language')),
    topic: oneOf(marketTopics, params.get('topic')),
    order: order === defaultOrderFor(q) ? null : order,
  };
}

/** The address of a search: defaults are left out, so the plain catalog has a plain address. */
export function catalogParamsOf(search: CatalogSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.language) params.set('language', search.language);
  if (search.topic) params.set('topic', search.topic);
  if (orderOf(search) !== defaultOrderFor(search.q)) params.set('order', orderOf(search));
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The query of the catalog call: the spec's parameters, the order as one flag (none for the best match). */
export function catalogQueryOf(search: CatalogSearch) {
  const order = orderOf(search);
  return {
    page: search.page,
    ...(search.q ? { search_value: search.q } : {}),
    ...(search.language ? { language: search.language } : {}),
    ...(search.topic ? { topic: search.topic } : {}),
    ...(order === 'relevance' ? {} : { [order]: true }),
  };
}
