import type { ResponseOf, RouteDefinition } from '@flashcards/contract';
import { onTestFinished, vi } from 'vitest';

/** A call the page made, as the fake server saw it. */
export type FakeCall = {
  method: string;
  /** The path without the query. */
  path: string;
  url: URL;
  /** A JSON body parsed, a form's fields as an object (files as they are), else undefined. */
  body: unknown;
  /** The contract route that answered, or undefined for a call that no handler took. */
  route: RouteDefinition | undefined;
};

/** What a handler gets: the call, with the route's path parameters and the query of the address. */
export type FakeRequest = FakeCall & { params: Record<string, string>; query: URLSearchParams };

/** An answer other than the route's success: an error, or a status of its own. */
export class FakeReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** Answers a call with this status and body (a DRF error body, mostly). */
export const reply = (status: number, body: unknown = null) => new FakeReply(status, body);

type Answer<R extends RouteDefinition> = ResponseOf<R> | FakeReply | Response;
export type Handler<R extends RouteDefinition> =
  | Answer<R>
  | ((request: FakeRequest) => Answer<R> | Promise<Answer<R>>);

type Entry = {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  literal: number;
  handler: Handler<RouteDefinition>;
  bodyUnchecked: boolean;
};

export type FakeApi = {
  /**
   * Answers a contract route (method and path pattern) from now on; a later `on` of the same route wins.
   * `bodyUnchecked` takes a body the route's schema refuses, for a test of the server's refusal.
   */
  on<R extends RouteDefinition>(
    route: R,
    handler: NoInfer<Handler<R>>,
    options?: { bodyUnchecked?: boolean },
  ): FakeApi;
  /** Every call, in order. */
  readonly calls: FakeCall[];
  /** The calls of one route. */
  callsTo(route: RouteDefinition): FakeCall[];
  /** Every call as `{ method, path, body }`, the path without its query: what most tests compare. */
  sent(): { method: string; path: string; body: unknown }[];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entryOf(route: RouteDefinition, handler: Handler<RouteDefinition>, bodyUnchecked: boolean): Entry {
  const names: string[] = [];
  const source = route.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return {
    route,
    pattern: new RegExp(`^${source}$`),
    names,
    literal: route.path.replace(/\{\w+\}/g, '').length,
    handler,
    bodyUnchecked,
  };
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body === '' ? undefined : JSON.parse(body);
  if (body instanceof FormData || body instanceof URLSearchParams) {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of body.entries()) fields[name] = value;
    return fields;
  }
  return body;
}

const json = (status: number, body: unknown) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stand-in for the server, keyed by the contract's routes: `fakeApi().on(cardRoutes.listCategories,
 * page([...]))`. It replaces `fetch` for the test; a call is answered by the route whose method and path
 * pattern it matches (path parameters checked by the route's schema, the most literal path first), a JSON
 * body is checked against the route's body schema, and every call is recorded. A call that no route of
 * the test answers, or whose body the route refuses, fails the test, naming the call.
 */
export function fakeApi(): FakeApi {
  const entries: Entry[] = [];
  const calls: FakeCall[] = [];
  const faults: string[] = [];

  onTestFinished(() => {
    if (faults.length > 0)
      throw new Error(`The fake API was called in a way the test did not expect:\n${faults.join('\n')}`);
  });

  const find = (method: string, path: string) => {
    const matches: { entry: Entry; params: Record<string, string> }[] = [];
    for (const entry of entries) {
      if (entry.route.method !== method) continue;
      const found = entry.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(
        entry.names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
      );
      if (entry.route.params && !entry.route.params.safeParse(params).success) continue;
      matches.push({ entry, params });
    }
    // The most literal path first (`/market/reports/` before `/market/{id}/`), then the latest `on`.
    return matches.sort((a, b) => b.entry.literal - a.entry.literal)[0];
  };

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = bodyOf(init.body);
    const match = find(method, url.pathname);
    const call: FakeCall = { method, path: url.pathname, url, body, route: match?.entry.route };
    calls.push(call);
    const named = `${method} ${url.pathname}${url.search}`;
    if (!match) {
      faults.push(`no handler for ${named}`);
      throw new Error(`fakeApi: no handler for ${named}`);
    }
    const { route, handler, bodyUnchecked } = match.entry;
    if (route.body && typeof init.body === 'string' && !bodyUnchecked) {
      const checked = route.body.safeParse(body);
      if (!checked.success) {
        faults.push(`${named}: the body ${init.body} does not fit the route: ${checked.error.message}`);
        return json(400, { non_field_errors: ['The fake API refused the body.'] });
      }
    }
    const answer =
      typeof handler === 'function'
        ? await (handler as (request: FakeRequest) => unknown)({
            ...call,
            params: match.params,
            query: url.searchParams,
          })
        : handler;
    if (answer instanceof Response) return answer;
    if (answer instanceof FakeReply) return json(answer.status, answer.body);
    return json(route.status ?? 200, answer);
  });

  const api: FakeApi = {
    on(route, handler, { bodyUnchecked = false } = {}) {
      entries.unshift(entryOf(route, handler as Handler<RouteDefinition>, bodyUnchecked));
      return api;
    },
    calls,
    callsTo: (route) => calls.filter((call) => call.route === route),
    sent: () => calls.map(({ method, path, body }) => ({ method, path, body })),
  };
  return api;
}

/** One page of a paginated list, as the server answers it. */
export const page = <T>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});
