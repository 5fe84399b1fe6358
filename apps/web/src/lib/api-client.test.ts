import { authRoutes, defineRoute, filePart, noContent } from '@flashcards/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, orOnDevice } from './api-client';
import { readTokens, storeTokens } from './session';

/** An unsigned JWT-shaped token expiring after the given seconds (negative: already expired). */
function fakeJwt(expiresInSeconds: number, id = 'token'): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp, jti: id })}.signature`;
}

const ok = z.object({ ok: z.boolean() });
const route = { tag: 'things', summary: 'A test route', response: ok } as const;
const idParams = z.object({ id: z.coerce.number().int() });

const thingRoute = defineRoute({
  ...route,
  method: 'GET',
  path: '/api/things/{id}/',
  access: 'user',
  params: idParams,
});
const publicThingRoute = defineRoute({ ...thingRoute, access: 'public' });
const writeRoute = defineRoute({
  ...route,
  method: 'POST',
  path: '/api/things/{id}/',
  access: 'user',
  params: idParams,
  query: z.object({
    page: z.coerce.number().optional(),
    search: z.string().optional(),
    tags: z.string().optional(),
  }),
  body: z.object({ name: z.string() }),
});
const formRoute = defineRoute({
  ...route,
  method: 'POST',
  path: '/api/form/',
  access: 'public',
  encoding: ['form', 'json'],
  body: z.object({ state: z.string(), code: z.string() }),
});
const multipartRoute = defineRoute({
  ...route,
  method: 'PATCH',
  path: '/api/multipart/',
  access: 'user',
  encoding: ['multipart', 'json'],
  body: z.object({
    name: z.string().optional(),
    count: z.coerce.number().optional(),
    picture: filePart.optional(),
  }),
});
const deleteRoute = defineRoute({
  ...route,
  method: 'DELETE',
  path: '/api/things/{id}/',
  access: 'user',
  params: idParams,
  status: 204,
  response: noContent,
});

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A fake network: `refresh` answers the token refresh, `answer` every other call. */
function fakeNetwork({
  refresh = async () => json(200, { access: fakeJwt(900, 'renewed'), refresh: 'refresh-2' }),
  answer = async () => json(200, { ok: true }),
}: {
  refresh?: () => Promise<Response>;
  answer?: (init: RequestInit) => Promise<Response>;
} = {}) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url === authRoutes.tokenRefresh.path) {
      await tick();
      return refresh();
    }
    return answer(init);
  });
  const client = createApiClient({ fetch, language: () => 'bg' });
  const callsTo = (path: string) => fetch.mock.calls.filter(([url]) => url === path);
  const authorizationOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');
  return { client, fetch, callsTo, authorizationOf };
}

afterEach(() => localStorage.clear());

describe('api client', () => {
  it('sends the token, the language, the path parameters, the query and a JSON body', async () => {
    const access = fakeJwt(900);
    storeTokens({ access, refresh: 'refresh-1' });
    const { client, fetch } = fakeNetwork();

    const result = await client.call(writeRoute, {
      params: { id: 7 },
      query: { page: 2, search: '', tags: 'a,b' },
      body: { name: 'x' },
    });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/things/7/?page=2&tags=a%2Cb');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe(`JWT ${access}`);
    expect(headers.get('Accept-Language')).toBe('bg');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('names no time zone: the account keeps its own', async () => {
    storeTokens({ access: fakeJwt(900), refresh: 'refresh-1' });
    const { client, fetch } = fakeNetwork();
    await client.call(thingRoute, { params: { id: 1 } });
    await client.call(publicThingRoute, { params: { id: 2 } });
    for (const [, init] of fetch.mock.calls) expect(new Headers(init.headers).has('x-timezone')).toBe(false);
  });

  it('sends form and multipart bodies from their fields, leaving their content type to the browser', async () => {
    const { client, fetch } = fakeNetwork();
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });

    await client.call(formRoute, { body: { state: 's 1', code: 'c&2' } });
    await client.call(multipartRoute, { body: { name: 'Ana', count: 2, picture } });
    await client.call(multipartRoute, { body: { name: 'Ana', picture: undefined } });

    const [[, formInit], [, multipartInit], [, withoutFile]] = fetch.mock.calls as [unknown, RequestInit][];
    expect(String(formInit!.body)).toBe('state=s+1&code=c%262');
    expect(new Headers(formInit!.headers).get('Content-Type')).toBeNull();
    const multipart = multipartInit!.body as FormData;
    expect(multipart).toBeInstanceOf(FormData);
    expect(multipart.get('name')).toBe('Ana');
    expect(multipart.get('count')).toBe('2');
    expect((multipart.get('picture') as File).name).toBe('me.png');
    expect(new Headers(multipartInit!.headers).get('Content-Type')).toBeNull();
    // A field left undefined is not sent at all (an empty one would clear it on the server).
    expect([...(withoutFile!.body as FormData).keys()]).toEqual(['name']);
    // What fetch then sends for the form: the form-encoded body with its content type.
    const sent = new Request('http://localhost/', { method: 'POST', body: formInit!.body! });
    expect(sent.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('sends JSON to a form route when the call asks for it', async () => {
    const { client, fetch } = fakeNetwork();
    await client.call(multipartRoute, { body: { count: 3 }, encoding: 'json' });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.body).toBe('{"count":3}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it("checks the answer against the route's response, and a 204 resolves null", async () => {
    const { client } = fakeNetwork({ answer: async () => json(200, { ok: 'yes' }) });
    await expect(client.call(thingRoute, { params: { id: 1 } })).rejects.toBeInstanceOf(z.ZodError);

    const { client: empty } = fakeNetwork({ answer: async () => new Response(null, { status: 204 }) });
    await expect(empty.call(deleteRoute, { params: { id: 1 } })).resolves.toBeNull();
  });

  it('types each call by its route (checked by the typecheck)', () => {
    const { client } = fakeNetwork();
    const calls = [
      // @ts-expect-error the route's path needs its id
      () => client.call(thingRoute),
      // @ts-expect-error name is a string
      () => client.call(writeRoute, { params: { id: 1 }, body: { name: 1 } }),
      // @ts-expect-error the route takes no form-encoded body
      () => client.call(multipartRoute, { body: {}, encoding: 'form' }),
      // @ts-expect-error a GET has no body
      () => client.call(thingRoute, { params: { id: 1 }, body: { name: 'x' } }),
    ];
    expect(calls).toHaveLength(4);
  });

  it('leaves the token off public calls', async () => {
    storeTokens({ access: fakeJwt(-60), refresh: 'refresh-1' });
    const { client, fetch, authorizationOf } = fakeNetwork();

    await client.call(publicThingRoute, { params: { id: 1 } });

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(authorizationOf(fetch.mock.calls[0]![1])).toBeNull();
  });

  it('renews an expired token once for ten concurrent calls', async () => {
    storeTokens({ access: fakeJwt(-60), refresh: 'refresh-1' });
    const { client, callsTo, fetch, authorizationOf } = fakeNetwork();

    await Promise.all(Array.from({ length: 10 }, (_, id) => client.call(thingRoute, { params: { id } })));

    expect(callsTo(authRoutes.tokenRefresh.path)).toHaveLength(1);
    const { access, refresh } = readTokens();
    expect(refresh).toBe('refresh-2');
    const calls = fetch.mock.calls.filter(([url]) => url.startsWith('/api/things/'));
    expect(calls).toHaveLength(10);
    for (const [, init] of calls) expect(authorizationOf(init)).toBe(`JWT ${access}`);
  });

  it('renews the token and retries once when the server answers 401', async () => {
    storeTokens({ access: fakeJwt(900, 'revoked'), refresh: 'refresh-1' });
    let first = true;
    const { client, fetch, callsTo } = fakeNetwork({
      answer: async () => {
        const status = first ? 401 : 200;
        first = false;
        return json(status, status === 401 ? { detail: 'Token not valid' } : { ok: true });
      },
    });

    await expect(client.call(thingRoute, { params: { id: 1 } })).resolves.toEqual({ ok: true });
    expect(callsTo(authRoutes.tokenRefresh.path)).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('clears both tokens when the refresh token is refused', async () => {
    storeTokens({ access: fakeJwt(-60), refresh: 'refresh-1' });
    const { client, fetch, authorizationOf } = fakeNetwork({
      refresh: async () => json(401, { detail: 'Token is blacklisted' }),
      answer: async () => json(401, { detail: 'Authentication credentials were not provided.' }),
    });

    const failure = await client.call(thingRoute, { params: { id: 1 } }).catch((error: unknown) => error);

    expect(readTokens()).toEqual({ access: null, refresh: null });
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(authorizationOf(fetch.mock.calls.at(-1)![1])).toBeNull();
  });

  it('clears an expired access token that no refresh token can renew', async () => {
    localStorage.setItem('access', fakeJwt(-60));
    const { client, callsTo, fetch, authorizationOf } = fakeNetwork();

    await client.call(thingRoute, { params: { id: 1 } });

    expect(callsTo(authRoutes.tokenRefresh.path)).toHaveLength(0);
    expect(readTokens()).toEqual({ access: null, refresh: null });
    expect(authorizationOf(fetch.mock.calls[0]![1])).toBeNull();
  });

  it('keeps the tokens when the refresh cannot reach the server or the server fails', async () => {
    const tokens = { access: fakeJwt(-60), refresh: 'refresh-1' };
    storeTokens(tokens);
    const { client: offline } = fakeNetwork({
      refresh: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(offline.call(thingRoute, { params: { id: 1 } })).rejects.toMatchObject({ status: 0 });
    expect(readTokens()).toEqual(tokens);

    const { client: failing } = fakeNetwork({ refresh: async () => json(503, { detail: 'Unavailable' }) });
    await expect(failing.call(thingRoute, { params: { id: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(readTokens()).toEqual(tokens);
  });

  it('throws the DRF error body with the status', async () => {
    const { client } = fakeNetwork({
      answer: async () => json(400, { email: ['Enter a valid email address.'] }),
    });
    const fieldError = await client.call(thingRoute, { params: { id: 1 } }).catch((error: unknown) => error);
    expect(fieldError).toBeInstanceOf(ApiError);
    expect(fieldError).toMatchObject({ status: 400, body: { email: ['Enter a valid email address.'] } });

    const { client: throttled } = fakeNetwork({
      answer: async () => json(429, { detail: 'Try again in one hour!' }),
    });
    await expect(throttled.call(thingRoute, { params: { id: 1 } })).rejects.toMatchObject({
      status: 429,
      detail: 'Try again in one hour!',
      message: 'Try again in one hour!',
    });
  });
});

describe('the server, or what the device gives instead', () => {
  const unreachable = new ApiError(0, null);

  it("gives the server's answer, and asks the device nothing", async () => {
    const onDevice = vi.fn(async () => 'kept');
    expect(await orOnDevice(async () => 'served', onDevice)).toBe('served');
    expect(onDevice).not.toHaveBeenCalled();
  });

  it('gives what the device has when the server cannot be reached', async () => {
    expect(
      await orOnDevice(
        () => Promise.reject(unreachable),
        async () => 'kept',
      ),
    ).toBe('kept');
  });

  it("keeps the call's error when the device has nothing, and any answer of the server", async () => {
    await expect(
      orOnDevice(
        () => Promise.reject(unreachable),
        async () => null,
      ),
    ).rejects.toBe(unreachable);
    await expect(
      orOnDevice(
        () => Promise.reject(unreachable),
        async () => undefined,
      ),
    ).rejects.toBe(unreachable);
    const refused = new ApiError(403, { detail: 'No.' });
    const onDevice = vi.fn(async () => 'kept');
    await expect(orOnDevice(() => Promise.reject(refused), onDevice)).rejects.toBe(refused);
    expect(onDevice).not.toHaveBeenCalled();
  });
});
