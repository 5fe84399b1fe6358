import type { TokenPair } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { ApiError, invalid } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../auth/auth.service';
import * as repo from './google.repository';

const STATE_MINUTES = 10;
const SCOPE = 'openid email profile';
/** Seconds to wait for each request to the provider. */
const PROVIDER_TIMEOUT = 10;
const NAME_MAX = 150;

const notConfigured = () => new ApiError(404, 'google_not_configured', { key: 'google_not_configured' });
const failed = () => new ApiError(400, 'google_failed', { key: 'google_failed' });
const emailUnverified = () =>
  new ApiError(400, 'google_email_unverified', { key: 'google_email_unverified' });

/** What is safe to log about a failed provider call: no tokens, codes, claims or secrets. */
const describeFailure = (error: unknown) => {
  if (!(error instanceof Error)) return { message: String(error) };
  const details = error as Error & { code?: unknown; error?: unknown; status?: unknown; cause?: unknown };
  const cause = details.cause instanceof Error ? details.cause : undefined;
  return {
    name: error.name,
    message: error.message,
    code: details.code,
    error: details.error,
    status: details.status,
    cause: cause && { name: cause.name, message: cause.message, code: (cause as { code?: unknown }).code },
  };
};

/** The claims we use, from the ID token or (when it lacks the e-mail) the userinfo endpoint. */
type Identity = { [claim: string]: unknown } & {
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** First and last name from the given and family names, else from the full name split at its first space. */
const namesOf = (identity: Identity) => {
  let first = text(identity.given_name);
  let last = text(identity.family_name);
  if (!first && !last) {
    const [head = '', ...rest] = text(identity.name).split(/\s+/);
    first = head;
    last = rest.join(' ');
  }
  return { firstName: first.slice(0, NAME_MAX), lastName: last.slice(0, NAME_MAX) };
};

export type GoogleDeps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  clock: Clock;
  auth: AuthService;
};

export const createGoogleService = ({ db, config, log, clock, auth }: GoogleDeps) => {
  const settings = config.google;
  const allowedOrigin = new URL(config.publicUrl).origin;

  const requireSettings = () => {
    if (!settings) throw notConfigured();
    return settings;
  };

  /** Runs a call to the provider; any failure is logged and answered as google_failed. */
  const withProvider = async <T>(step: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      log.warn({ step, failure: describeFailure(error) }, 'google sign-in: the provider call failed');
      throw failed();
    }
  };

  // The provider's metadata, fetched once per process; a failed discovery is tried again next time.
  let discovered: Promise<oidc.Configuration> | undefined;
  const client = () => {
    const { issuer, clientId, clientSecret } = requireSettings();
    if (!discovered) {
      const server = new URL(issuer);
      const pending = oidc.discovery(server, clientId, clientSecret, undefined, {
        // Plain http only for local test providers; Google itself is https.
        execute: server.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT,
      });
      discovered = pending;
      pending.catch(() => {
        if (discovered === pending) discovered = undefined;
      });
    }
    const current = discovered;
    return withProvider('discovery', () => current);
  };

  return {
    /** 404 google_not_configured unless a client id and secret are set. */
    assertConfigured() {
      requireSettings();
    },

    /** Starts a sign-in: the provider's authorization URL, with PKCE, state and nonce kept for 10 minutes. */
    async authorizationUrl(redirectUri: string) {
      requireSettings();
      const target = new URL(redirectUri);
      // The code comes back to our own web app only, at a plain address (the provider appends the query).
      if (
        target.origin !== allowedOrigin ||
        target.search ||
        target.hash ||
        target.username ||
        target.password
      ) {
        throw invalid({ redirect_uri: 'redirect_uri_not_allowed' });
      }
      const configuration = await client();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      await repo.deleteExpiredStates(db, clock.now());
      await repo.insertState(db, {
        state,
        codeVerifier,
        nonce,
        redirectUri: target.href,
        expiresAt: new Date(clock.now().getTime() + STATE_MINUTES * 60_000),
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: target.href,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return { authorization_url: url.href };
    },

    /** Finishes a sign-in: exchanges the code once, then signs in (or creates) the account of the e-mail. */
    async signIn(
      input: { state: string; code: string; time_zone?: string },
      language: Language,
    ): Promise<TokenPair> {
      requireSettings();
      const request = await repo.consumeState(db, input.state, clock.now());
      if (!request) throw invalid({ state: 'google_state_invalid' });
      const configuration = await client();

      const callback = new URL(request.redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      const metadata = configuration.serverMetadata();
      // RFC 9207: providers that name themselves in the response get the one issuer we talk to.
      if (metadata.authorization_response_iss_parameter_supported) {
        callback.searchParams.set('iss', metadata.issuer);
      }
      const tokens = await withProvider('token', () =>
        oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: request.state,
          expectedNonce: request.nonce,
        }),
      );
      const claims = tokens.claims();
      if (!claims) {
        log.warn({ step: 'token' }, 'google sign-in: the provider returned no ID token');
        throw failed();
      }
      let identity: Identity = claims;
      if (typeof claims.email !== 'string') {
        const userInfo = await withProvider('userinfo', () =>
          oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub),
        );
        identity = { ...userInfo, ...claims };
      }

      const email = text(identity.email).toLowerCase();
      if (!email) {
        log.warn({ step: 'claims' }, 'google sign-in: the provider gave no e-mail address');
        throw failed();
      }
      if (identity.email_verified !== true && identity.email_verified !== 'true') throw emailUnverified();

      return auth.signInVerifiedEmail(email, namesOf(identity), language, input.time_zone);
    },
  };
};

export type GoogleService = ReturnType<typeof createGoogleService>;
