import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
// @ts-expect-error oidc-provider ships no type declarations; the little used here is typed below.
import { Provider as UntypedProvider } from 'oidc-provider';

type Claims = Record<string, unknown>;
type ProviderInstance = { callback: () => (request: IncomingMessage, response: ServerResponse) => void };
const Provider = UntypedProvider as new (issuer: string, configuration: Claims) => ProviderInstance;

const capitalise = (word = '') => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The account of a login typed on the provider's development login page: `gergana.dimitrova.42` (or
 * `gergana.dimitrova.42@example.com`) is Gergana Dimitrova, with that verified e-mail address.
 */
export function accountOf(login: string): Claims {
  const email = (login.includes('@') ? login : `${login}@example.com`).toLowerCase();
  const [given, family] = email.split('@')[0]!.split('.');
  return {
    sub: login,
    email,
    email_verified: true,
    given_name: capitalise(given),
    family_name: capitalise(family),
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) standing in for Google: one confidential client whose
 * redirect URI is the web app's /login/google, PKCE required, and the library's development login and
 * consent pages, which accept any login.
 */
export async function startOidcProvider({ port, redirectUri }: { port: number; redirectUri: string }) {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'flashcards-e2e';
  const clientSecret = randomBytes(24).toString('base64url');
  // A key of our own, so that the provider does not fall back to (and warn about) its development keys.
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: 'e2e',
    use: 'sig',
    alg: 'RS256',
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => accountOf(sub),
    }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The scopes' claims go into the ID token, as Google's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
  });

  const server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
