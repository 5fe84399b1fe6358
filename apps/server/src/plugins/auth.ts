import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { settings, users } from '../db/schema';
import { notAuthenticated, tokenNotValid } from '../lib/api-error';

export type User = typeof users.$inferSelect;
export type TokenType = 'access' | 'refresh';
export type TokenClaims = { token_type: TokenType; user_id: number; jti: string; exp: number };

export type Tokens = {
  sign(type: TokenType, userId: number): Promise<{ token: string; jti: string; expiresAt: Date }>;
  /** Verifies signature, expiry and (when given) the type; throws 401 token_not_valid otherwise. */
  verify(token: string, type?: TokenType): Promise<TokenClaims>;
};

declare module 'fastify' {
  interface FastifyInstance {
    tokens: Tokens;
    /** onRequest hook of every route that needs a signed-in, active user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook of the practice loop's routes: checks the access token only (`request.userId`). Their
     * statements check the account themselves; `signedInUser` loads it when they need more.
     */
    authenticateToken: (request: FastifyRequest) => Promise<void>;
    /** The active user of the request's token, loaded once; 401 when the account is gone or inactive. */
    signedInUser: (request: FastifyRequest) => Promise<User>;
  }
  interface FastifyRequest {
    user: User | null;
    userId: number | null;
  }
}

/** The configured secret, or one generated once and kept in the database so every process shares it. */
const loadSecret = async (app: FastifyInstance): Promise<string> => {
  if (app.config.jwt.secret) return app.config.jwt.secret;
  await app.db
    .insert(settings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await app.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return row!.value;
};

const bearer = (header: string | undefined): string | undefined => {
  const match = header?.match(/^(?:JWT|Bearer)\s+(\S+)$/i);
  return match?.[1];
};

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const secret = await loadSecret(app);
    const lifetimeSeconds = {
      access: app.config.jwt.accessMinutes * 60,
      refresh: app.config.jwt.refreshDays * 24 * 60 * 60,
    };

    // HS256 with Node's own HMAC, synchronously: every signed-in request verifies a token.
    const signToken = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
    const verifyToken = createVerifier({ key: secret, algorithms: ['HS256'] });

    const tokens: Tokens = {
      async sign(type, userId) {
        const jti = randomUUID();
        const expiresAt = new Date(Date.now() + lifetimeSeconds[type] * 1000);
        const token = signToken({
          token_type: type,
          user_id: userId,
          jti,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(expiresAt.getTime() / 1000),
        });
        return { token, jti, expiresAt };
      },
      async verify(token, type) {
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
          (!type || payload.token_type === type);
        if (!valid) throw tokenNotValid();
        return payload as TokenClaims;
      },
    };

    // Every signed-in request runs this lookup: prepared once, it is neither rebuilt nor re-planned.
    const userById = app.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('auth_user_by_id');

    const authenticateToken = async (request: FastifyRequest) => {
      const token = bearer(request.headers.authorization);
      if (!token) throw notAuthenticated();
      request.userId = (await tokens.verify(token, 'access')).user_id;
    };
    const signedInUser = async (request: FastifyRequest) => {
      if (request.user) return request.user;
      if (request.userId === null) throw notAuthenticated();
      const [user] = await userById.execute({ id: request.userId });
      if (!user?.isActive) throw tokenNotValid();
      request.user = user;
      return user;
    };

    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);
    app.decorateRequest('userId', null);
    app.decorate('authenticateToken', authenticateToken);
    app.decorate('signedInUser', signedInUser);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      await authenticateToken(request);
      await signedInUser(request);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
