import { PAGE_SIZE, type Paginated } from '@flashcards/contract';
import type { FastifyRequest } from 'fastify';
import { invalidPage } from './api-error';

export type PageWindow = { page: number; limit: number; offset: number };

export const pageWindow = (page: number, pageSize = PAGE_SIZE): PageWindow => ({
  page,
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

const pageUrl = (request: FastifyRequest, page: number): string => {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
};

/**
 * DRF page-number pagination: `{count, next, previous, results}` with absolute links;
 * a page past the end (other than the first page of an empty list) is 404 `Invalid page.`.
 */
export const toPage = <T>(
  request: FastifyRequest,
  window: PageWindow,
  count: number,
  results: T[],
): Paginated<T> => {
  if (window.page > 1 && window.offset >= count) throw invalidPage();
  return {
    count,
    next: window.offset + window.limit < count ? pageUrl(request, window.page + 1) : null,
    previous: window.page > 1 ? pageUrl(request, window.page - 1) : null,
    results,
  };
};
