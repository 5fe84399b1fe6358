import { and, eq, getTableName, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';

const recordedRow = z.object({ recorded: z.number() });

import { accountMailRequests, affiliates, loginFailures, refreshTokens, userTokens } from '../../db/schema';

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
  values: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date; email?: string },
) => db.insert(userTokens).values(values);

/** Ends the account's unused tokens of this purpose: a newer link replaces them. */
export const retireUserTokens = (db: Executor, userId: number, purpose: UserTokenPurpose, now: Date) =>
  db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));

/** Whether the account was ever given a token of this purpose. */
export const hasUserToken = async (db: Executor, userId: number, purpose: UserTokenPurpose) => {
  const rows = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose)))
    .limit(1);
  return rows.length > 0;
};

/** Marks a matching, unused, unexpired token used; the token when there was one (its `email`), else undefined. */
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
    .returning({ id: userTokens.id, email: userTokens.email });
  return rows[0];
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

/** Tables of throttled events: one row per event, with the e-mail it named and the address it came from. */
type EventLog = typeof loginFailures | typeof accountMailRequests;

/**
 * The first keys of each log's advisory locks (pg_advisory_xact_lock(int, int)): one for its e-mails,
 * the next for its addresses. Apart from every other lock, so no unrelated work waits on them.
 */
const lockSpaces: Record<string, number> = { login_failures: 7301, account_mail_requests: 7303 };

export type EventLimits = { since: Date; perEmail: number; perAddress: number };

/**
 * Records an event unless its e-mail or its address already has its limit of events since
 * `limits.since`; true when recorded. Counting and recording are one decision: calls for one e-mail or
 * one address wait on a lock held to the end of the transaction, so each counts the rows of the one
 * before it. (A single insert ... select would not do: under read committed, simultaneous statements
 * each count without the others' rows.) Rows out of the window are dropped as we go.
 */
const recordWithinLimits = (
  db: Executor,
  log: EventLog,
  event: { email: string; ip: string; at: Date },
  limits: EventLimits,
) =>
  db.transaction(async (tx) => {
    const space = lockSpaces[getTableName(log)]!;
    // E-mail before address in every transaction, so two never wait on each other in a circle.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${space}::int, hashtext(${event.email})),
                 pg_advisory_xact_lock(${space + 1}::int, hashtext(${event.ip}))`,
    );
    const since = limits.since.toISOString();
    const recent = (column: typeof log.email | typeof log.ip, value: string) =>
      sql`(select count(*) from ${log} where ${column} = ${value} and ${log.createdAt} > ${since}::timestamptz)`;
    const rows = await rowsOf(
      tx,
      sql`
      with expired as (
        delete from ${log}
        where (${log.email} = ${event.email} or ${log.ip} = ${event.ip}) and ${log.createdAt} <= ${since}::timestamptz
      )
      insert into ${log} (email, ip, created_at)
      select ${event.email}, ${event.ip}, ${event.at.toISOString()}::timestamptz
      where ${recent(log.email, event.email)} < ${limits.perEmail}::int
        and ${recent(log.ip, event.ip)} < ${limits.perAddress}::int
      returning 1 as recorded`,
      recordedRow,
    );
    return rows.length === 1;
  });

export type LoginLimits = { since: Date; perEmailAndAddress: number; perAddress: number };

/**
 * Records a sign-in attempt as failed until it succeeds, unless its address already has its limit of
 * failures for this e-mail, or of failures for any e-mail, since `limits.since`. Answers whether it was
 * recorded and how many failures the e-mail had from any address before it (what slows an e-mail
 * attacked from many addresses). Counted under advisory locks on the e-mail and the address held to the
 * end of the transaction, as `recordWithinLimits` does, so simultaneous attempts each see the others.
 */
export const recordLoginAttempt = (
  db: Executor,
  attempt: { email: string; ip: string; at: Date },
  limits: LoginLimits,
) =>
  db.transaction(async (tx) => {
    const space = lockSpaces.login_failures!;
    await tx.execute(
      sql`select pg_advisory_xact_lock(${space}::int, hashtext(${attempt.email})),
                 pg_advisory_xact_lock(${space + 1}::int, hashtext(${attempt.ip}))`,
    );
    const since = sql`${limits.since.toISOString()}::timestamptz`;
    const rows = await rowsOf(
      tx,
      sql`
      with expired as (
        delete from ${loginFailures}
        where (${loginFailures.email} = ${attempt.email} or ${loginFailures.ip} = ${attempt.ip})
          and ${loginFailures.createdAt} <= ${since}
      ),
      counts as (
        select
          (select count(*) from ${loginFailures} where ${loginFailures.email} = ${attempt.email}
             and ${loginFailures.ip} = ${attempt.ip} and ${loginFailures.createdAt} > ${since})::int as pair,
          (select count(*) from ${loginFailures} where ${loginFailures.ip} = ${attempt.ip}
             and ${loginFailures.createdAt} > ${since})::int as address,
          (select count(*) from ${loginFailures} where ${loginFailures.email} = ${attempt.email}
             and ${loginFailures.createdAt} > ${since})::int as email
      ),
      recorded as (
        insert into ${loginFailures} (email, ip, created_at)
        select ${attempt.email}, ${attempt.ip}, ${attempt.at.toISOString()}::timestamptz from counts
        where pair < ${limits.perEmailAndAddress}::int and address < ${limits.perAddress}::int
        returning 1
      )
      select exists (select 1 from recorded) as recorded, email from counts`,
      z.object({ recorded: z.boolean(), email: z.number() }),
    );
    const [row] = rows;
    return { recorded: row!.recorded, emailFailures: Number(row!.email) };
  });

/** Records a request for an account mail; false when the e-mail or address is over its limit. */
export const recordAccountMailRequest = (
  db: Executor,
  request: { email: string; ip: string; at: Date },
  limits: EventLimits,
) => recordWithinLimits(db, accountMailRequests, request, limits);

/** A success clears the failures of its e-mail from its address (those from other addresses still count). */
export const clearLoginFailures = (db: Executor, email: string, ip: string) =>
  db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));

/** Ends every session of the account: none of its refresh tokens works any more. */
export const revokeAllRefreshTokens = (db: Executor, userId: number, now: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
