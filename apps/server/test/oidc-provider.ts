import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations; the little used here is typed below.
import { Provider as UntypedProvider } from 'oidc-provider';

type Claims = Record<string, unknown>;
type FindAccount = (
  ctx: unknown,
  sub: string,
) => Promise<{ accountId: string; claims: () => Promise<Claims> } | undefined>;
type ProviderInstance = { callback: () => (request: IncomingMessage, response: ServerResponse) => void };
const Provider = UntypedProvider as new (issuer: string, configuration: Claims) => ProviderInstance;

/** The claims of a test account; `sub` is its login at the provider's form. */
export type TestAccount = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export type OidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The one redirect URI the client may use. */
  redirectUri: string;
  /** Accounts by `sub`; add to it from a test. */
  accounts: Map<string, TestAccount>;
  addAccount: (account: TestAccount) => TestAccount;
  close: () => Promise<void>;
};

const capitalise = (word = '') => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The account of a login typed on the provider's development login page: `gergana.dimitrova.42` (or
 * `gergana.dimitrova.42@example.com`) is Gergana Dimitrova, with that verified e-mail address.
 */
export const accountOf = (login: string): TestAccount => {
  const email = (login.includes('@') ? login : `${login}@example.com`).toLowerCase();
  const [given, family] = email.split('@')[0]!.split('.');
  return {
    sub: login,
    email,
    email_verified: true,
    given_name: capitalise(given),
    family_name: capitalise(family),
  };
};

/**
 * A real OpenID Connect provider (oidc-provider) on a local port: one confidential client, PKCE
 * required, and the library's development login and consent pages.
 */
export const startOidcProvider = async ({
  publicUrl,
  port = 0,
  claimsInIdToken = true,
  anyLogin = false,
}: {
  publicUrl: string;
  /** 0 takes a free port; the end-to-end tests give a fixed one. */
  port?: number;
  /** false: the e-mail and names come from the userinfo endpoint only, as the spec's default has it. */
  claimsInIdToken?: boolean;
  /** true: a login not added with addAccount is accepted as the account accountOf(login) describes. */
  anyLogin?: boolean;
}): Promise<OidcProvider> => {
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'flashcards-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const redirectUri = `${publicUrl.replace(/\/$/, '')}/login/google`;

  // Keys of our own, so the provider does not fall back to (and warn about) its development keys.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test', use: 'sig', alg: 'RS256' };

  const findAccount: FindAccount = async (_ctx, sub) => {
    const account = accounts.get(sub) ?? (anyLogin ? accountOf(sub) : undefined);
    if (!account) return undefined;
    return { accountId: sub, claims: async () => ({ ...account }) };
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default client authentication, as Google accepts it too.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    findAccount,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The scopes' claims go into the ID token, as Google's do.
    conformIdTokenClaims: !claimsInIdToken,
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    accounts,
    addAccount: (account) => {
      accounts.set(account.sub, account);
      return account;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};

/** Cookies by name and path, sent back where their path matches: enough for the provider's pages. */
class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url: URL) {
    return [...this.#cookies.values()]
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }
}

/** The `action` of the page's form, absolute. */
const formAction = (html: string, pageUrl: URL) => {
  const action = html.match(/<form[^>]*\saction="([^"]+)"/)?.[1];
  if (!action) throw new Error(`No form on ${pageUrl.href}: ${html.slice(0, 500)}`);
  return new URL(action.replaceAll('&amp;', '&'), pageUrl);
};

/**
 * What the browser does between the app's authorization URL and its redirect URI: follows the redirects,
 * signs in as `login` on the provider's form and confirms the consent. Returns the `code` and `state`
 * the provider sends back to the redirect URI.
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  { login, redirectUri }: { login: string; redirectUri: string },
): Promise<{ code: string; state: string; url: URL }> => {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;

  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(url) },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (location.startsWith(redirectUri)) {
        const back = new URL(location);
        const error = back.searchParams.get('error');
        if (error)
          throw new Error(`The provider answered ${error}: ${back.searchParams.get('error_description')}`);
        return {
          code: back.searchParams.get('code') ?? '',
          state: back.searchParams.get('state') ?? '',
          url: back,
        };
      }
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`${url.href} answered ${response.status}: ${html.slice(0, 500)}`);
    const isLogin = /name="prompt" value="login"/.test(html);
    const isConsent = /name="prompt" value="consent"/.test(html);
    if (!isLogin && !isConsent) throw new Error(`Unexpected page at ${url.href}: ${html.slice(0, 500)}`);
    url = formAction(html, url);
    method = 'POST';
    body = new URLSearchParams(isLogin ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' });
  }
  throw new Error('Too many steps at the provider');
};
