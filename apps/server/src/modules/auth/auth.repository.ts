import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { affiliates, loginFailures, refreshTokens, userTokens } from '../../db/schema';

type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export const findReferrerId = async (db: Executor, affiliateCode: string) => {
  const [row] = await db
    .select({ userId: affiliates.userId })
    .from(affiliates)
    .where(eq(affiliates.affiliateCode, affiliateCode));
  return row?.userId;
};

export const insertUserToken = (
  db: Executor,
  values: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
) => db.insert(userTokens).values(values);

/** Marks a matching, unused, unexpired token used; true when there was one. */
export const consumeUserToken = async (
  db: Executor,
  match: { userId: number; purpose: UserTokenPurpose; tokenHash: string },
  now: Date,
) => {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, match.userId),
        eq(userTokens.purpose, match.purpose),
        eq(userTokens.tokenHash, match.tokenHash),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ id: userTokens.id });
  return rows.length === 1;
};

export const insertRefreshToken = (db: Executor, values: { jti: string; userId: number; expiresAt: Date }) =>
  db.insert(refreshTokens).values(values);

/** Revokes a live refresh token; returns its user when it was live (so only one rotation wins). */
export const revokeRefreshToken = async (db: Executor, jti: string, now: Date) => {
  const [row] = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .returning({ userId: refreshTokens.userId });
  return row?.userId;
};

export const isRefreshTokenLive = async (db: Executor, jti: string, now: Date) => {
  const [row] = await db
    .select({ jti: refreshTokens.jti })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)),
    );
  return row !== undefined;
};

export const revokeAllRefreshTokens = (db: Executor, userId: number, now: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

const FAILURE_WINDOW_MS = 3_600_000;

export const countRecentLoginFailures = async (db: Executor, email: string, ip: string, now: Date) => {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.createdAt, since),
        sql`(${loginFailures.email} = ${email} or ${loginFailures.ip} = ${ip})`,
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
};

export const recordLoginFailure = async (db: Executor, email: string, ip: string, now: Date) => {
  await db.insert(loginFailures).values({ email, ip, createdAt: now });
  // Failures older than the window no longer count; drop this e-mail's old ones as we go.
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email),
        lt(loginFailures.createdAt, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
};

export const clearLoginFailures = (db: Executor, email: string) =>
  db.delete(loginFailures).where(eq(loginFailures.email, email));
