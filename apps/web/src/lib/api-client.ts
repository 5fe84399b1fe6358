import {
  authRoutes,
  type ErrorDetail,
  errorDetailSchema,
  type FieldErrors,
  fieldErrorsSchema,
  pathOf,
  type RouteDefinition,
  TIME_ZONE_HEADER,
  tokenPairSchema,
} from '@flashcards/contract';
import { defaultLanguage } from '@flashcards/i18n';
import i18next from 'i18next';
import type { z } from 'zod';
import { isTokenExpired } from './jwt';
import { clearTokens, readTokens, storeTokens } from './session';

export type ApiErrorBody = ErrorDetail | FieldErrors;

/** What a call needs of a contract route: its method and path. */
type Route = Pick<RouteDefinition, 'method' | 'path'>;

/** A failed call with the server's DRF error body; status 0 means the server was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    options?: ErrorOptions,
  ) {
    super(
      detailOf(body) ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`),
      options,
    );
  }

  get detail(): string | undefined {
    return detailOf(this.body);
  }
}

function detailOf(body: ApiErrorBody | null): string | undefined {
  return body && typeof body.detail === 'string' ? body.detail : undefined;
}

function errorBodyOf(data: unknown): ApiErrorBody | null {
  const detail = errorDetailSchema.safeParse(data);
  if (detail.success) return detail.data;
  const fields = fieldErrorsSchema.safeParse(data);
  return fields.success ? fields.data : null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /**
   * A JSON value; FormData for the multipart calls; URLSearchParams for the form-encoded ones. The
   * browser sets the content type of the last two (with the multipart boundary).
   */
  body?: unknown;
  /**
   * Whether to send the stored access token (default true). Public calls pass false: a stale token
   * would otherwise turn them into a 401, or into a token refresh they do not need.
   */
  auth?: boolean;
  signal?: AbortSignal;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch: FetchLike;
  /** The interface language, sent as Accept-Language so server messages come back translated. */
  language: () => string;
  /**
   * The reader's IANA time zone, sent with every call: the server counts the daily card limit and the
   * activity by the reader's calendar day. Defaults to the browser's zone.
   */
  timeZone?: () => string | undefined;
}

/** The browser's IANA time zone, or undefined when it cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const REFRESH_LOCK = 'flashcards-token-refresh';

export function createApiClient({ fetch, language, timeZone = browserTimeZone }: ApiClientOptions) {
  let refreshing: Promise<string | null> | null = null;

  async function send(route: Route, options: RequestOptions, access: string | null): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': language() });
    if (access) headers.set('Authorization', `JWT ${access}`);
    const zone = timeZone();
    if (zone) headers.set(TIME_ZONE_HEADER, zone);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
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

  async function request<S extends z.ZodType>(
    route: Route,
    options: RequestOptions & { schema: S },
  ): Promise<z.output<S>>;
  async function request(route: Route, options?: RequestOptions): Promise<unknown>;
  async function request(route: Route, options: RequestOptions & { schema?: z.ZodType } = {}) {
    const access = (options.auth ?? true) ? await accessForCall() : null;
    let response = await send(route, options, access);
    if (response.status === 401 && access) {
      const renewed = await refreshAccess();
      if (renewed) response = await send(route, options, renewed);
    }
    const data = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, errorBodyOf(data));
    return options.schema ? options.schema.parse(data) : data;
  }

  return { request, refreshAccess };
}

function urlOf(route: Route, { params, query = {} }: RequestOptions): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const path = pathOf(route, params);
  return search.size > 0 ? `${path}?${search}` : path;
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
