import {
  authRoutes,
  type BodyEncoding,
  type BodyOf,
  type DefaultEncodingOf,
  type EncodingOf,
  errorDetailSchema,
  fieldErrorsSchema,
  type ParamsOf,
  pathOf,
  type QueryOf,
  type ResponseOf,
  type RouteDefinition,
  tokenPairSchema,
} from '@flashcards/contract';
import { defaultLanguage } from '@flashcards/i18n';
import i18next from 'i18next';
import { z } from 'zod';
import { ApiError, type ApiErrorBody } from './api-error';
import { isTokenExpired } from './jwt';
import { clearTokens, readTokens, storeTokens } from './session';

export { ApiError, type ApiErrorBody } from './api-error';

function errorBodyOf(data: unknown): ApiErrorBody | null {
  const detail = errorDetailSchema.safeParse(data);
  if (detail.success) return detail.data;
  const fields = fieldErrorsSchema.safeParse(data);
  return fields.success ? fields.data : null;
}

/**
 * What a call of a route takes, typed by the route's definition: its path parameters, its query, and
 * its body in one of the encodings it accepts (the first one listed unless `encoding` names another).
 */
export type CallOptions<R extends RouteDefinition, E extends BodyEncoding = DefaultEncodingOf<R>> = {
  signal?: AbortSignal;
} & (R extends { params: z.ZodType } ? { params: ParamsOf<R> } : { params?: undefined }) &
  (R extends { query: z.ZodType }
    ? object extends QueryOf<R>
      ? { query?: QueryOf<R> }
      : { query: QueryOf<R> }
    : { query?: undefined }) &
  (R extends { body: z.ZodType }
    ? { body: BodyOf<R, E>; encoding?: E & EncodingOf<R> }
    : { body?: undefined; encoding?: undefined });

/** The options are optional when a route needs none. */
type CallArguments<R extends RouteDefinition, E extends BodyEncoding> =
  object extends CallOptions<R, E> ? [options?: CallOptions<R, E>] : [options: CallOptions<R, E>];

type SendOptions = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  encoding?: BodyEncoding;
  signal?: AbortSignal;
};

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** The interface language, sent as Accept-Language so server messages come back translated. */
  language: () => string;
}

/**
 * The browser's IANA time zone, or undefined when it cannot tell: sent once, when an account is made. The
 * server counts the account's days in the zone of its profile, never in one a call names.
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const REFRESH_LOCK = 'flashcards-token-refresh';

/**
 * The calls whose last answer the device keeps, so that the app opens offline on the last state: the
 * site's settings, the account, the home, the categories, their cards and tags, the review's summary, and
 * a student's paths with their progress and decks (docs/design.md, "Offline study"). A category's review
 * comes offline from its kept copy.
 */
const readsKeptOffline = new Set([
  '/api/site/',
  '/api/user/users/me/',
  '/api/home/',
  '/api/card/category/',
  '/api/card/category-kids/',
  '/api/card/category/{id}/',
  '/api/card/card-text-paginated/',
  '/api/card/card-picture-paginated/',
  '/api/card/card-text-tags/',
  '/api/card/card-images-tags/',
  '/api/card/card-requests/',
  '/api/review/summary/',
  '/api/learning-paths/list-students/',
  '/api/learning-paths/learning-path-progress/',
  '/api/learning-paths/card-text-students/',
  '/api/learning-paths/card-picture-students/',
]);

/** The network could not be reached (offline, or the server down): not an answer of the server. */
export const isUnreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The server's answer, or, when the server cannot be reached, what the device gives instead (a kept copy,
 * an answer kept to send later). When the device has nothing either, the error of the call stands.
 */
export async function orOnDevice<T>(
  call: () => Promise<T>,
  onDevice: () => Promise<T | null | undefined>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const instead = await onDevice();
    if (instead === null || instead === undefined) throw error;
    return instead;
  }
}

export function createApiClient({ fetch, language }: ApiClientOptions) {
  let refreshing: Promise<string | null> | null = null;

  async function send(
    route: RouteDefinition,
    options: SendOptions,
    access: string | null,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language() });
    if (access) headers.set('Authorization', `JWT ${access}`);
    const encoding = options.encoding ?? route.encoding?.[0] ?? 'json';
    // The browser sets the content type of a form, with the multipart boundary.
    const body = options.body === undefined ? undefined : encode(options.body, encoding);
    if (typeof body === 'string') headers.set('Content-Type', 'application/json');
    try {
      return await fetch(urlOf(route, options), {
        method: route.method,
        headers,
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, null, { cause: error });
    }
  }

  async function exchangeRefreshToken(refreshSeenBefore: string | null): Promise<string | null> {
    const { access, refresh } = readTokens();
    // Another tab renewed the pair while this one waited for the lock.
    if (refresh && refresh !== refreshSeenBefore && access && !isTokenExpired(access)) return access;
    if (!refresh) {
      clearTokens();
      return null;
    }
    // Only a refusal ends the session: being offline, or a failing server, is no reason to sign out,
    // so those errors propagate and the tokens stay.
    const response = await send(authRoutes.tokenRefresh, { body: { refresh } }, null);
    if (response.status >= 500) throw new ApiError(response.status, errorBodyOf(await readJson(response)));
    if (!response.ok) {
      clearTokens();
      return null;
    }
    const pair = tokenPairSchema.parse(await response.json());
    storeTokens(pair);
    return pair.access;
  }

  /**
   * Exchanges the refresh token for a new pair and resolves the new access token, or null (tokens cleared)
   * when the server refuses the refresh token. The server rotates refresh tokens, so a second exchange of the same token
   * fails: concurrent callers share one exchange, and tabs take turns through a Web Lock.
   */
  function refreshAccess(): Promise<string | null> {
    if (!refreshing) {
      const seen = readTokens().refresh;
      const exchange = () => exchangeRefreshToken(seen);
      const exchangeInTurn = async () =>
        'locks' in navigator ? await navigator.locks.request(REFRESH_LOCK, exchange) : exchange();
      refreshing = exchangeInTurn().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function accessForCall(): Promise<string | null> {
    const { access, refresh } = readTokens();
    if (access && !isTokenExpired(access)) return access;
    if (refresh) return refreshAccess();
    if (access) clearTokens();
    return null;
  }

  /**
   * Calls a contract route and resolves its response, checked against the route's schema. Public routes
   * go without the stored token: a stale one would otherwise turn them into a 401, or into a refresh
   * they do not need.
   */
  async function call<R extends RouteDefinition, E extends BodyEncoding = DefaultEncodingOf<R>>(
    route: R,
    ...[options = {} as CallOptions<R, E>]: CallArguments<R, E>
  ): Promise<ResponseOf<R>> {
    if (route.method !== 'GET' || !readsKeptOffline.has(route.path)) return callServer(route, options);
    const address = urlOf(route, options);
    const reads = () => import('./offline/reads');
    return orOnDevice(
      async () => {
        const data = await callServer(route, options);
        void reads()
          .then((kept) => kept.keepRead(address, data))
          .catch(() => undefined);
        return data;
      },
      () =>
        reads()
          // Kept as the call resolved it: checked against the schema then.
          .then((read) => read.keptRead(address) as Promise<ResponseOf<R> | undefined>)
          .catch(() => undefined),
    );
  }

  async function callServer<R extends RouteDefinition>(
    route: R,
    options: SendOptions,
  ): Promise<ResponseOf<R>> {
    const access = route.access === 'public' ? null : await accessForCall();
    let response = await send(route, options, access);
    if (response.status === 401 && access) {
      const renewed = await refreshAccess();
      if (renewed) response = await send(route, options, renewed);
    }
    const data = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorBodyOf(data));
    return z.parse<R['response']>(route.response, route.status === 204 ? null : data);
  }

  /**
   * Calls a route that answers a file (not JSON) and resolves its bytes and the name the server gives it
   * in Content-Disposition (the exact UTF-8 `filename*` when there is one).
   */
  async function download<R extends RouteDefinition, E extends BodyEncoding = DefaultEncodingOf<R>>(
    route: R,
    ...[options = {} as CallOptions<R, E>]: CallArguments<R, E>
  ): Promise<{ blob: Blob; fileName: string | null }> {
    const access = route.access === 'public' ? null : await accessForCall();
    let response = await send(route, options, access);
    if (response.status === 401 && access) {
      const renewed = await refreshAccess();
      if (renewed) response = await send(route, options, renewed);
    }
    if (!response.ok) throw new ApiError(response.status, errorBodyOf(await readJson(response)));
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  }

  return {
    call,
    download,
    refreshAccess,
    /** The access token for what is not a call (a socket's first message), renewed first when expired. */
    accessToken: accessForCall,
  };
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''...` first, else `filename="..."`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? null;
}

function urlOf(route: RouteDefinition, { params, query = {} }: SendOptions): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const path = pathOf(route, params as Record<string, string | number> | undefined);
  return search.size > 0 ? `${path}?${search}` : path;
}

/** A body in its encoding: JSON text, or form fields (files as they are, absent fields left out). */
function encode(body: unknown, encoding: BodyEncoding): BodyInit {
  if (encoding === 'json') return JSON.stringify(body);
  const fields = Object.entries(body as Record<string, unknown>).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  if (encoding === 'form') return new URLSearchParams(fields.map(([name, value]) => [name, String(value)]));
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value instanceof Blob ? value : String(value));
  return form;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The app's client: same origin, the current interface language. */
export const api = createApiClient({
  fetch: (url, init) => globalThis.fetch(url, init),
  language: () => i18next.resolvedLanguage ?? defaultLanguage,
});
