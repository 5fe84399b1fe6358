import type { TestApp } from './build-app';
import { buildUser, PASSWORD } from './factories';
import { formData } from './multipart';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A new active user, signed in through the API; `call` sends JSON and `send` multipart as that user. */
export const signIn = async (t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) =>
  sessionOf(t, await buildUser(t.database.db, { password: PASSWORD, ...overrides }));

/** The same user signed in anew, e.g. after the test moved the clock past the first token's life. */
export const signInAgain = (t: TestApp, session: Session) => sessionOf(t, session.user);

const sessionOf = async (t: TestApp, user: Awaited<ReturnType<typeof buildUser>>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/jwt/create/',
    payload: { email: user.email, password: PASSWORD },
  });
  const headers = { authorization: `JWT ${response.json().access}` };
  const call = (method: Method, url: string, payload?: object, extraHeaders: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...headers, ...extraHeaders } });
  const send = async (
    method: Method,
    url: string,
    fields: Record<string, string | number>,
    files: Parameters<typeof formData>[1] = {},
    extraHeaders: Record<string, string> = {},
  ) => {
    const body = await formData(fields, files);
    return t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers, ...extraHeaders },
    });
  };
  return { user, headers, call, send };
};

export type Session = Awaited<ReturnType<typeof signIn>>;
