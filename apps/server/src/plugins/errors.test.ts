import { idParams, pageQuery } from '@flashcards/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { permissionDenied } from '../lib/api-error';
import { pageWindow, toPage } from '../lib/pagination';

const itemBody = z.object({
  name: z.string().min(3),
  count: z.number().int(),
  email: z.email().optional(),
});

describe('error responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.post('/api/test/items/', { schema: { body: itemBody } }, async (request) => request.body);
      app.get('/api/test/items/:id/', { schema: { params: idParams } }, async (request) => ({
        id: request.params.id,
      }));
      app.get('/api/test/forbidden/', async () => {
        throw permissionDenied();
      });
      // Errors as node-postgres and Drizzle raise them when the database cannot be reached (or, the last,
      // when a statement is wrong), by the kind in the path.
      app.get('/api/test/database/:kind/', async (request) => {
        const kind = (request.params as { kind: string }).kind;
        const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
        const errors: Record<string, Error> = {
          refused: coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
          reset: coded('read ECONNRESET', 'ECONNRESET'),
          'admin-shutdown': coded('terminating connection due to administrator command', '57P01'),
          starting: coded('the database system is starting up', '57P03'),
          'connection-failure': coded('connection failure', '08006'),
          'pool-timeout': new Error('timeout exceeded when trying to connect'),
          terminated: new Error('Connection terminated unexpectedly'),
          wrapped: new Error('Failed query: select 1', {
            cause: new Error('Connection terminated due to connection timeout'),
          }),
          'unique-violation': new Error('Failed query: insert', {
            cause: coded('duplicate key value violates unique constraint', '23505'),
          }),
        };
        throw errors[kind];
      });
      app.get('/api/test/crash/', async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
    });
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/items/',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('accepts a valid body, with or without the trailing slash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/items',
      payload: { name: 'abc', count: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'abc', count: 2 });
  });

  it('answers field errors in the DRF shape, in English by default', async () => {
    const response = await post(JSON.stringify({ name: 'ab', email: 'nope' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['count', 'email', 'name']);
    expect(body.count).toEqual(['This field is required.']);
    expect(body.name[0]).toMatch(/3/);
    expect(body.email).toHaveLength(1);
  });

  it('answers field errors in Bulgarian when asked', async () => {
    const response = await post(JSON.stringify({ name: 'ab' }), { 'accept-language': 'bg-BG,bg;q=0.9' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.count).toEqual(['Това поле е задължително.']);
    expect(body.name[0]).toMatch(/[а-я]/);
  });

  it('puts errors of the whole body under non_field_errors', async () => {
    const response = await post(JSON.stringify([1, 2]));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['non_field_errors']);
  });

  it('answers malformed JSON with 400 and a parse error', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'JSON parse error - the request body is not valid JSON.',
      code: 'parse_error',
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await post('name=abc', { 'content-type': 'application/x-something' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      detail: 'Unsupported media type "application/x-something" in request.',
      code: 'unsupported_media_type',
    });
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 }));
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('answers a path parameter that is not an id with 404, as an unknown URL', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/items/${id}/` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/test/items/7/' })).json()).toEqual({ id: 7 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing/'],
      ['DELETE', '/api/no-such-thing/'],
      ['GET', '/media/missing.png'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  it('answers a method a path does not take with 405 and the methods it does take', async () => {
    const health = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.json()).toEqual({ detail: 'Method "DELETE" not allowed.', code: 'method_not_allowed' });
    const item = await t.app.inject({
      method: 'PATCH',
      url: '/api/test/items/7/',
      headers: { 'accept-language': 'bg' },
    });
    expect(item.statusCode).toBe(405);
    expect(item.headers.allow).toBe('GET, HEAD');
    expect(item.json().detail).toBe('Методът „PATCH“ не е позволен.');
  });

  it('answers 503 with Retry-After when the database cannot be reached, and 500 for a failed statement', async () => {
    for (const kind of [
      'refused',
      'reset',
      'admin-shutdown',
      'starting',
      'connection-failure',
      'pool-timeout',
      'terminated',
      'wrapped',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/database/${kind}/` });
      expect(response.statusCode, kind).toBe(503);
      expect(response.headers['retry-after'], kind).toBe('5');
      expect(response.json()).toEqual({
        detail: 'The service is temporarily unavailable.',
        code: 'service_unavailable',
      });
    }
    const bug = await t.app.inject({ method: 'GET', url: '/api/test/database/unique-violation/' });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
  });

  it('translates expected errors', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/test/forbidden/' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      detail: 'You do not have permission to perform this action.',
      code: 'permission_denied',
    });
    const bg = await t.app.inject({
      method: 'GET',
      url: '/api/test/forbidden/',
      headers: { 'accept-language': 'bg' },
    });
    expect(bg.json().detail).toBe('Нямате право да извършите това действие.');
  });

  it('hides the internals of an unexpected error behind a bare 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
    expect(response.body).not.toContain('secret');
  });
});

describe('pagination', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.get('/api/test/numbers/', { schema: { querystring: pageQuery } }, async (request) => {
        const window = pageWindow(request.query.page);
        const all = Array.from({ length: 45 }, (_, i) => i + 1);
        return toPage(request, window, all.length, all.slice(window.offset, window.offset + window.limit));
      });
      app.get('/api/test/empty/', { schema: { querystring: pageQuery } }, async (request) =>
        toPage(request, pageWindow(request.query.page), 0, []),
      );
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'example.org' } });

  it('answers {count, next, previous, results} with 20 a page and absolute links', async () => {
    const first = (await get('/api/test/numbers/?sort=x')).json();
    expect(first.count).toBe(45);
    expect(first.results).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(first.previous).toBeNull();
    expect(first.next).toBe('http://example.org/api/test/numbers/?sort=x&page=2');

    const second = (await get('/api/test/numbers/?sort=x&page=2')).json();
    expect(second.previous).toBe('http://example.org/api/test/numbers/?sort=x');
    expect(second.next).toBe('http://example.org/api/test/numbers/?sort=x&page=3');

    const last = (await get('/api/test/numbers/?page=3')).json();
    expect(last.results).toEqual([41, 42, 43, 44, 45]);
    expect(last.next).toBeNull();
  });

  it('answers a page past the end with 404 Invalid page.', async () => {
    const response = await get('/api/test/numbers/?page=4');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Invalid page.', code: 'not_found' });
    const bg = await t.app.inject({
      method: 'GET',
      url: '/api/test/numbers/?page=4',
      headers: { 'accept-language': 'bg' },
    });
    expect(bg.json().detail).toBe('Невалидна страница.');
  });

  it('answers an empty first page, and 404 for a page that is not a whole number from 1', async () => {
    expect((await get('/api/test/empty/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    for (const page of ['abc', '0', '-1', '1.5', '']) {
      const response = await get(`/api/test/numbers/?page=${page}`);
      expect(response.statusCode, page).toBe(404);
      expect(response.json()).toEqual({ detail: 'Invalid page.', code: 'not_found' });
    }
  });
});
