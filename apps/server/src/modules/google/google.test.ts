import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { PASSWORD } from '../../../test/factories';
import { type OidcProvider, signInAtProvider, startOidcProvider } from '../../../test/oidc-provider';
import { oauthStates, users } from '../../db/schema';
import { DAY } from '../../lib/clock';

const PUBLIC_URL = 'http://cards.test';
const PATH = '/api/user/o/google-oauth2/';

let t: TestApp;
let provider: OidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({ publicUrl: PUBLIC_URL });
  t = await buildTestApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    OIDC_ISSUER: provider.issuer,
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
const uniqueEmail = () => `person${++counter}.${Math.random().toString(36).slice(2, 10)}@example.com`;

const account = (overrides: { email?: string; email_verified?: boolean; [claim: string]: unknown } = {}) =>
  provider.addAccount({
    sub: `account-${++counter}`,
    email: uniqueEmail(),
    email_verified: true,
    given_name: 'Maria',
    family_name: 'Ivanova',
    name: 'Maria Ivanova',
    ...overrides,
  });

const authorizationUrl = (redirectUri = provider.redirectUri) =>
  t.app.inject({ method: 'GET', url: `${PATH}?redirect_uri=${encodeURIComponent(redirectUri)}` });

/** The app's authorization URL, then the provider's pages as `login`: the code and state sent back. */
const signInAtGoogle = async (login: string) => {
  const response = await authorizationUrl();
  expect(response.statusCode).toBe(200);
  return signInAtProvider(response.json().authorization_url, { login, redirectUri: provider.redirectUri });
};

const finish = (
  body: { state: string; code: string; time_zone?: string },
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url: PATH, payload: body, headers });

const me = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/users/me/', headers: { authorization: `JWT ${access}` } });

const userByEmail = async (email: string) => {
  const [user] = await t.database.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  return user;
};

describe('when Google is not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(() => plain.close());

  it('answers 404 on both routes', async () => {
    const start = await plain.app.inject({
      method: 'GET',
      url: `${PATH}?redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/login/google`)}`,
    });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toEqual({
      detail: 'Google sign-in is not configured.',
      code: 'google_not_configured',
    });

    const finishing = await plain.app.inject({
      method: 'POST',
      url: PATH,
      payload: { state: 's', code: 'c' },
    });
    expect(finishing.statusCode).toBe(404);
    expect(finishing.json().code).toBe('google_not_configured');
  });
});

describe('the authorization URL', () => {
  it('points at the provider with PKCE, state and nonce, and keeps them for ten minutes', async () => {
    const response = await authorizationUrl();
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().authorization_url);
    expect(url.origin).toBe(provider.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe(provider.redirectUri);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);

    const [row] = await t.database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.state, params.get('state')!));
    expect(row).toMatchObject({ nonce: params.get('nonce'), redirectUri: provider.redirectUri });
    expect(row!.codeVerifier).not.toBe(params.get('code_challenge'));
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
  });

  it('refuses a redirect_uri outside this site', async () => {
    for (const redirectUri of [
      'https://evil.example/login/google',
      'https://cards.test/login/google',
      'http://cards.test:8080/login/google',
      `${PUBLIC_URL}/login/google?next=/x`,
    ]) {
      const response = await authorizationUrl(redirectUri);
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.json()).toEqual({ redirect_uri: ['This redirect address is not allowed.'] });
    }
    const bulgarian = await t.app.inject({
      method: 'GET',
      url: `${PATH}?redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      headers: { 'accept-language': 'bg' },
    });
    expect(bulgarian.json()).toEqual({ redirect_uri: ['Този адрес за пренасочване не е разрешен.'] });

    const missing = await t.app.inject({ method: 'GET', url: PATH });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['redirect_uri']);
  });
});

describe('signing in', () => {
  it('creates an active account from the claims and returns tokens that work', async () => {
    const person = account({ given_name: 'Petar', family_name: 'Petrov' });
    const { code, state } = await signInAtGoogle(person.sub);

    const response = await finish({ state, code }, { 'accept-language': 'bg' });
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toEqual({ access: expect.any(String), refresh: expect.any(String) });

    const profile = await me(tokens.access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: person.email,
      first_name: 'Petar',
      last_name: 'Petrov',
      language: 'bg',
    });

    const user = (await userByEmail(person.email))!;
    expect(user.isActive).toBe(true);
    expect(user.passwordHash).toBeNull();
    expect(user.acceptedTermsAt).toBeNull();
    expect(user.lastLoginAt).toBeInstanceOf(Date);
    expect(user.trialEndDate!.getTime() - t.clock.now().getTime()).toBe(30 * DAY);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it("keeps the browser's time zone on the first sign-in only", async () => {
    const person = account({ given_name: 'Iva', family_name: 'Ivanova' });
    const first = await signInAtGoogle(person.sub);
    expect((await finish({ ...first, time_zone: 'America/Toronto' })).statusCode).toBe(200);
    expect((await userByEmail(person.email))!.timeZone).toBe('America/Toronto');
    const second = await signInAtGoogle(person.sub);
    expect((await finish({ ...second, time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    expect((await userByEmail(person.email))!.timeZone).toBe('America/Toronto');
  });

  it('splits the full name when the given and family names are missing', async () => {
    const person = account({ given_name: undefined, family_name: undefined, name: 'Ana Maria Georgieva' });
    const { code, state } = await signInAtGoogle(person.sub);
    expect((await finish({ state, code })).statusCode).toBe(200);
    const user = (await userByEmail(person.email))!;
    expect(user).toMatchObject({ firstName: 'Ana', lastName: 'Maria Georgieva', language: 'en' });
  });

  it('signs the same e-mail in to the same account the next time', async () => {
    const person = account();
    const first = await signInAtGoogle(person.sub);
    const firstTokens = (await finish(first)).json();
    const second = await signInAtGoogle(person.sub);
    const secondResponse = await finish(second);
    expect(secondResponse.statusCode).toBe(200);

    const firstMe = (await me(firstTokens.access)).json();
    const secondMe = (await me(secondResponse.json().access)).json();
    expect(secondMe.id).toBe(firstMe.id);
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${person.email})`)) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('links to an account registered with the e-mail and activates it', async () => {
    const email = uniqueEmail();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/',
      payload: {
        email,
        first_name: 'Elena',
        last_name: 'Dimitrova',
        password: PASSWORD,
        re_password: PASSWORD,
        accepted_terms: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    expect((await userByEmail(email))!.isActive).toBe(false);

    // Google's e-mail may differ in case from the registered one.
    const person = account({ email: email.toUpperCase(), given_name: 'Other', family_name: 'Name' });
    const { code, state } = await signInAtGoogle(person.sub);
    const response = await finish({ state, code });
    expect(response.statusCode).toBe(200);

    const profile = (await me(response.json().access)).json();
    expect(profile).toMatchObject({
      id: registered.json().id,
      email,
      first_name: 'Elena',
      last_name: 'Dimitrova',
    });
    const user = (await userByEmail(email))!;
    expect(user.isActive).toBe(true);
    // The password of an account nobody activated was never proven to belong to the address's owner.
    expect(user.passwordHash).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/jwt/create/',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('accepts the form-encoded post of a browser', async () => {
    const person = account();
    const { code, state } = await signInAtGoogle(person.sub);
    const response = await t.app.inject({
      method: 'POST',
      url: PATH,
      payload: new URLSearchParams({ state, code }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().access)).json().email).toBe(person.email);
  });
});

describe('a provider that keeps the e-mail out of the ID token', () => {
  let other: OidcProvider;
  let app: TestApp;
  beforeAll(async () => {
    other = await startOidcProvider({ publicUrl: PUBLIC_URL, claimsInIdToken: false });
    app = await buildTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: other.clientId,
      GOOGLE_CLIENT_SECRET: other.clientSecret,
      OIDC_ISSUER: other.issuer,
    });
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });

  it('reads the e-mail and names from the userinfo endpoint', async () => {
    const person = other.addAccount({
      sub: 'userinfo-only',
      email: uniqueEmail(),
      email_verified: true,
      given_name: 'Iva',
      family_name: 'Koleva',
    });
    const start = await app.app.inject({
      method: 'GET',
      url: `${PATH}?redirect_uri=${encodeURIComponent(other.redirectUri)}`,
    });
    const { code, state } = await signInAtProvider(start.json().authorization_url, {
      login: person.sub,
      redirectUri: other.redirectUri,
    });
    const response = await app.app.inject({ method: 'POST', url: PATH, payload: { state, code } });
    expect(response.statusCode).toBe(200);
    const profile = await app.app.inject({
      method: 'GET',
      url: '/api/user/users/me/',
      headers: { authorization: `JWT ${response.json().access}` },
    });
    expect(profile.json()).toMatchObject({ email: person.email, first_name: 'Iva', last_name: 'Koleva' });
  });
});

describe('refused sign-ins', () => {
  it('uses a state once', async () => {
    const person = account();
    const { code, state } = await signInAtGoogle(person.sub);
    expect((await finish({ state, code })).statusCode).toBe(200);

    const again = await finish({ state, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      state: ['The sign-in request has expired or is not valid; please try again.'],
    });
  });

  it('refuses an unknown or expired state', async () => {
    const unknown = await finish({ state: 'never-issued', code: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['state']);

    const person = account();
    const { code, state } = await signInAtGoogle(person.sub);
    // A sign-in has ten minutes to come back.
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await finish({ state, code });
    expect(expired.statusCode).toBe(400);
    expect(Object.keys(expired.json())).toEqual(['state']);
    expect(await userByEmail(person.email)).toBeUndefined();
  });

  it('refuses an e-mail address Google has not verified', async () => {
    const person = account({ email_verified: false });
    const { code, state } = await signInAtGoogle(person.sub);
    const response = await finish({ state, code }, { 'accept-language': 'bg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Имейл адресът ви в Google не е потвърден.',
      code: 'google_email_unverified',
    });
    expect(await userByEmail(person.email)).toBeUndefined();
  });

  it('answers google_failed when the provider refuses the code', async () => {
    const start = (await authorizationUrl()).json();
    const state = new URL(start.authorization_url).searchParams.get('state')!;
    const response = await finish({ state, code: 'not-a-code-the-provider-issued' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Google sign-in failed; please try again.',
      code: 'google_failed',
    });
  });

  it('does not accept the code of one sign-in with the state of another', async () => {
    const person = account();
    const first = await signInAtGoogle(person.sub);
    const second = await signInAtGoogle(person.sub);
    // The second request's PKCE verifier and nonce do not match the first one's code.
    const response = await finish({ state: second.state, code: first.code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('google_failed');
  });
});
