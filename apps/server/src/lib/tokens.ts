import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { settings } from '../db/schema';
import { tokenNotValid } from './api-error';
import type { Clock } from './clock';

export type TokenType = 'access' | 'refresh';
/** `ver`: the account's token version at issue (absent, 0, in tokens issued before versions existed). */
export type TokenClaims = { token_type: TokenType; user_id: number; jti: string; exp: number; ver: number };

export type Tokens = {
  /** A token of the account at its current token version (`users.token_version`). */
  sign(type: TokenType, userId: number, version?: number): { token: string; jti: string; expiresAt: Date };
  /** Verifies signature, expiry (by the clock) and, when given, the type; throws 401 token_not_valid otherwise. */
  verify(token: string, type?: TokenType): TokenClaims;
  /**
   * A token only this server can make from `text` (HMAC-SHA256 with the signing secret, 43 base64url
   * characters): links it can make again later without storing them (a guardian's) and links that need no sign-in
   * (unsubscribing).
   */
  mac(text: string): string;
};

/** The configured secret, or one generated once and kept in the database so every process shares it. */
const loadSecret = async (db: Database, configured: string | undefined): Promise<string> => {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return row!.value;
};

/**
 * HS256 tokens signed and checked by fast-jwt, synchronously (every signed-in request verifies one), with
 * expiry judged by the injectable clock.
 */
export const createTokens = async ({
  db,
  config,
  clock,
}: {
  db: Database;
  config: Config;
  clock: Clock;
}): Promise<Tokens> => {
  const secret = await loadSecret(db, config.jwt.secret);
  const lifetimeSeconds = {
    access: config.jwt.accessMinutes * 60,
    refresh: config.jwt.refreshDays * 24 * 60 * 60,
  };
  const signToken = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  // Expiry is judged by our clock below, not the library's.
  const verifyToken = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true });

  return {
    sign(type, userId, version = 0) {
      const jti = randomUUID();
      const now = clock.now().getTime();
      const expiresAt = new Date(now + lifetimeSeconds[type] * 1000);
      const token = signToken({
        token_type: type,
        user_id: userId,
        ver: version,
        jti,
        iat: Math.floor(now / 1000),
        exp: Math.floor(expiresAt.getTime() / 1000),
      });
      return { token, jti, expiresAt };
    },
    verify(token, type) {
      let payload: Partial<TokenClaims>;
      try {
        payload = verifyToken(token);
      } catch (error) {
        if (error instanceof TokenError) throw tokenNotValid();
        throw error;
      }
      const valid =
        (payload.token_type === 'access' || payload.token_type === 'refresh') &&
        Number.isInteger(payload.user_id) &&
        typeof payload.jti === 'string' &&
        typeof payload.exp === 'number' &&
        (payload.ver === undefined || (Number.isInteger(payload.ver) && payload.ver >= 0)) &&
        payload.exp * 1000 > clock.now().getTime() &&
        (!type || payload.token_type === type);
      if (!valid) throw tokenNotValid();
      return { ...payload, ver: payload.ver ?? 0 } as TokenClaims;
    },
    mac: (text) => createHmac('sha256', secret).update(text).digest('base64url'),
  };
};
