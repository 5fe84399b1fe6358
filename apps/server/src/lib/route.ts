import type { Route } from '@flashcards/contract';
import { z } from 'zod';

/** Fastify's method and url from a contract route descriptor (`{id}` placeholders become `:id`). */
export const at = <R extends Route>(route: R) => ({
  method: route.method,
  url: route.path.replace(/\{(\w+)\}/g, ':$1'),
});

/** The response of a 204: no body. */
export const noContent = z.null().describe('No content');
