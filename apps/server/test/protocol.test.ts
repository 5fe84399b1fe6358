import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../src/plugins/multipart';
import { buildTestApp, type TestApp } from './build-app';
import { buildCategory, buildUser, PASSWORD } from './factories';
import { formData, utf16FormData } from './multipart';
import { signIn } from './session';

/** The corners of HTTP a hostile client reaches for: each answers a 4xx in the DRF shape. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const multipartMessage = 'The form data could not be read: the multipart body is malformed.';

describe('multipart bodies', () => {
  it('answers one that cannot be read with 400, on public and signed-in routes alike', async () => {
    const { headers } = await signIn(t);
    const form = await formData({ first_name: 'Ana' });
    const boundary = form.headers['content-type'];
    for (const [what, contentType, payload] of [
      ['no boundary', 'multipart/form-data', form.payload],
      ['a wrong boundary', 'multipart/form-data; boundary=wrong', form.payload],
      ['a body cut short', boundary, form.payload.subarray(0, form.payload.length - 20)],
    ] as const) {
      for (const [method, url, auth] of [
        ['POST', '/api/user/users/', {}],
        ['PATCH', '/api/user/users/me/', headers],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...auth, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, `${url}, ${what}`).toBe(400);
        expect(response.json()).toEqual({ detail: multipartMessage, code: 'parse_error' });
      }
    }
  });

  it('answers one over its limits with 413', async () => {
    const { headers } = await signIn(t);
    const file = (data: Buffer) => ({ name: 'me.png', type: 'image/png', data });
    const bodies = {
      'a file over the cap': await formData({}, { avatar: file(Buffer.alloc(MAX_UPLOAD_BYTES + 1)) }),
      'too many files': await formData(
        {},
        Object.fromEntries(Array.from({ length: 6 }, (_, n) => [`avatar${n}`, file(Buffer.from('x'))])),
      ),
      'too many fields': await formData(
        Object.fromEntries(Array.from({ length: 61 }, (_, n) => [`f${n}`, 'x'])),
      ),
    };
    for (const [what, body] of Object.entries(bodies)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload-avatar/',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, what).toBe(413);
      expect(response.json()).toEqual({
        detail: 'The request body is too large.',
        code: 'payload_too_large',
      });
    }
  });
});

describe('JSON bodies', () => {
  it('answers invalid, truncated and prototype-polluting JSON with 400', async () => {
    for (const payload of ['{"email": "a@b.c",', '{"email": "a', '{"__proto__": {"is_staff": true}}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/jwt/create/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().code, payload).toBe('parse_error');
    }
  });

  it('reads an empty JSON body as no fields: each required field says so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it('serves a call that names a JSON content type and sends no body', async () => {
    const { user, headers } = await signIn(t);
    const category = await buildCategory(t.database.db, { userId: user.id });
    const json = { ...headers, 'content-type': 'application/json' };
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/card/category/${category.id}/`,
      headers: json,
    });
    expect(read.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/card/category/${category.id}/`,
      headers: json,
    });
    expect(removed.statusCode).toBe(204);
  });
});

describe('NUL characters', () => {
  const nulMessage = 'The text contains a NUL character (\\u0000), which cannot be saved.';

  it('answers one in a field, the login e-mail included, with a field error', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      payload: { email: `${user.email}\u0000`, password: PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ email: [nulMessage] });

    const { call } = await signIn(t);
    const created = await call('POST', '/api/card/category/', { name: 'a\u0000b', type_of_cards: 'text' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ name: [nulMessage] });
    const bg = await call(
      'POST',
      '/api/card/category/',
      { name: 'a\u0000b', type_of_cards: 'text' },
      { 'accept-language': 'bg' },
    );
    expect(bg.json()).toEqual({
      name: ['Текстът съдържа нулев знак (\\u0000), който не може да бъде записан.'],
    });
  });

  it('answers one in a query or a multipart field the same way', async () => {
    const { user, call, send } = await signIn(t);
    const category = await buildCategory(t.database.db, { userId: user.id });
    const search = await call(
      'GET',
      `/api/card/card-text-paginated/?category_id=${category.id}&search_value=a%00b`,
    );
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ search_value: [nulMessage] });
    const profile = await send('PATCH', '/api/user/users/me/', { first_name: 'A\u0000na' });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ first_name: [nulMessage] });
  });
});

describe('lone surrogates', () => {
  const message =
    'The text contains half of a UTF-16 surrogate pair (such as \\ud800) without the other half, which is not a character and cannot be saved.';

  it('answers one in a JSON field, escaped as JSON writes it, with a field error', async () => {
    const user = await buildUser(t.database.db, { password: PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      headers: { 'content-type': 'application/json' },
      payload: `{"email": "${user.email}\\udc00", "password": "${PASSWORD}"}`,
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ email: [message] });

    const { call } = await signIn(t);
    // A high half at the end, a low half alone in the middle; a whole pair (an emoji) is a character.
    for (const name of ['Deck \ud800', 'a\udc00b', '\udc00\ud800']) {
      const created = await call('POST', '/api/card/category/', { name, type_of_cards: 'text' });
      expect(created.statusCode, JSON.stringify(name)).toBe(400);
      expect(created.json()).toEqual({ name: [message] });
    }
    const emoji = await call('POST', '/api/card/category/', {
      name: 'Deck \ud83d\ude00',
      type_of_cards: 'text',
    });
    expect(emoji.statusCode).toBe(201);
    const bg = await call(
      'POST',
      '/api/card/category/',
      { name: 'a\ud800', type_of_cards: 'text' },
      { 'accept-language': 'bg' },
    );
    expect(bg.json()).toEqual({
      name: [
        'Текстът съдържа половин сурогатна двойка от UTF-16 (например \\ud800) без другата половина, което не е знак и не може да бъде записано.',
      ],
    });
  });

  it('answers one in a multipart field that declares UTF-16 the same way', async () => {
    const { headers } = await signIn(t);
    const form = utf16FormData({ first_name: 'A\ud800na' });
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ first_name: [message] });
    const whole = utf16FormData({ first_name: 'Ана' });
    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/users/me/',
      payload: whole.payload,
      headers: { ...headers, ...whole.headers },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().first_name).toBe('Ана');
  });
});

describe('ids and pages', () => {
  it('takes only plain decimal digits as an id: other spellings of the number name nothing', async () => {
    const { user, call } = await signIn(t);
    const category = await buildCategory(t.database.db, { userId: user.id });
    const id = category.id;
    expect((await call('GET', `/api/card/category/${id}/`)).statusCode).toBe(200);
    for (const spelling of [
      `0x${id.toString(16)}`,
      `+${id}`,
      `0${id}`,
      `%20${id}`,
      `${id}.0`,
      '9'.repeat(5000),
    ]) {
      const response = await call('GET', `/api/card/category/${spelling}/`);
      expect(response.statusCode, spelling.slice(0, 20)).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const query = await call('GET', `/api/card/card-text-tags/?category_id=0${id}`);
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ category_id: ['A valid integer is required.'] });
  });

  it('answers a page that is not a whole number from 1 with 404 Invalid page', async () => {
    const { call } = await signIn(t);
    for (const page of ['0', '-1', 'abc']) {
      const response = await call('GET', `/api/card/category/?page=${page}`);
      expect(response.statusCode, page).toBe(404);
      expect(response.json()).toEqual({ detail: 'Invalid page.', code: 'not_found' });
    }
  });
});

describe('field messages', () => {
  it('are sentences people read, in both languages', async () => {
    const { user, call } = await signIn(t);
    const category = await buildCategory(t.database.db, { userId: user.id });
    const blank = await call('POST', '/api/card/category/', { name: ' ', type_of_cards: 'comics' });
    expect(blank.json()).toEqual({
      name: ['This field may not be blank.'],
      type_of_cards: ['"comics" is not a valid choice.'],
    });
    const long = await call('POST', '/api/card/category/', { name: 'x'.repeat(101), type_of_cards: 'text' });
    expect(long.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });
    const deck = `/api/card/card-text/?category_id=${category.id}`;
    expect((await call('GET', `${deck}&quantity=abc`)).json()).toEqual({
      quantity: ['A valid number is required.'],
    });
    expect((await call('GET', `${deck}&quantity=0`)).json()).toEqual({
      quantity: ['Ensure this value is greater than or equal to 1.'],
    });
    const bg = await call('GET', `${deck}&quantity=0`, undefined, { 'accept-language': 'bg' });
    expect(bg.json()).toEqual({ quantity: ['Стойността трябва да е по-голяма или равна на 1.'] });
    const bgBlank = await call(
      'POST',
      '/api/card/category/',
      { name: '', type_of_cards: 'comics' },
      { 'accept-language': 'bg' },
    );
    expect(bgBlank.json()).toEqual({
      name: ['Това поле не може да бъде празно.'],
      type_of_cards: ['„comics“ не е валиден избор.'],
    });
  });
});

describe('requests Node refuses before they reach a route', () => {
  /** A raw request over a real socket: injection never passes Node's HTTP parser. */
  const rawGet = (origin: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${origin}${path}`, { headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });

  it('answers headers or an address too large in the DRF shape', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await rawGet(origin, '/api/health', { 'x-large': 'x'.repeat(20_000) });
    expect(headers.status).toBe(431);
    expect(JSON.parse(headers.body)).toEqual({
      detail: 'The request headers or its address are too large.',
      code: 'headers_too_large',
    });
    const address = await rawGet(origin, `/api/health?q=${'x'.repeat(20_000)}`);
    expect(address.status).toBe(431);
    expect(JSON.parse(address.body).code).toBe('headers_too_large');
  });
});
