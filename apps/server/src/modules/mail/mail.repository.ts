import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { heldMails, mailActions, mailWindows } from '../../db/schema';

/**
 * The first keys of the advisory locks (pg_advisory_xact_lock(int, int)) of mail_actions: one for its
 * accounts, the next for its addresses. Apart from every other lock, so no unrelated work waits on them.
 */
const ACCOUNT_LOCKS = 7311;
const ADDRESS_LOCKS = 7312;

export type ActionLimits = { since: Date; perAccount?: number; perAddress?: number };

/**
 * Records an action of this weight unless it would take its account or its address over its limit since
 * `limits.since`; true when recorded. Counting and recording are one decision: calls for one account or
 * one address wait on a lock held to the end of the transaction, so each counts the rows of the one before
 * it (under read committed, simultaneous insert ... selects would each count without the others' rows).
 * Rows out of the window are dropped as we go. Run it in a transaction.
 */
export const recordAction = async (
  tx: Executor,
  event: { action: string; accountId?: number; ip: string; weight: number; at: Date },
  limits: ActionLimits,
) => {
  const account = limits.perAccount !== undefined && event.accountId !== undefined;
  const address = limits.perAddress !== undefined;
  // Account before address in every transaction, so two never wait on each other in a circle.
  if (account)
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ACCOUNT_LOCKS}::int, hashtext(${`${event.action}:${event.accountId}`}))`,
    );
  if (address)
    await tx.execute(
      sql`select pg_advisory_xact_lock(${ADDRESS_LOCKS}::int, hashtext(${`${event.action}:${event.ip}`}))`,
    );
  const since = limits.since.toISOString();
  const used = (column: typeof mailActions.accountId | typeof mailActions.ip, value: number | string) =>
    sql`(select coalesce(sum(${mailActions.weight}), 0) from ${mailActions}
         where ${mailActions.action} = ${event.action} and ${column} = ${value}
           and ${mailActions.createdAt} > ${since}::timestamptz)`;
  const rows = await rowsOf(
    tx,
    sql`
    with expired as (
      delete from ${mailActions}
      where ${mailActions.action} = ${event.action}
        and (${mailActions.ip} = ${event.ip} ${event.accountId === undefined ? sql`` : sql`or ${mailActions.accountId} = ${event.accountId}`})
        and ${mailActions.createdAt} <= ${since}::timestamptz
    )
    insert into ${mailActions} (action, account_id, ip, weight, created_at)
    select ${event.action}, ${event.accountId ?? null}::int, ${event.ip}, ${event.weight}::int, ${event.at.toISOString()}::timestamptz
    where ${account ? sql`${used(mailActions.accountId, event.accountId!)} + ${event.weight}::int <= ${limits.perAccount!}::int` : sql`true`}
      and ${address ? sql`${used(mailActions.ip, event.ip)} + ${event.weight}::int <= ${limits.perAddress!}::int` : sql`true`}
    returning 1 as recorded`,
    z.object({ recorded: z.number() }),
  );
  return rows.length === 1;
};

/**
 * Opens the person's window for a notice of this kind when none is open (the last one was mailed at or
 * before `closedBy`): true when this call opened it, so this notice is mailed now. One statement: of
 * simultaneous calls, the row lock lets exactly one through.
 */
export const openWindow = async (
  db: Executor,
  window: { recipientId: number; kind: string; at: Date; closedBy: Date },
) => {
  const rows = await db
    .insert(mailWindows)
    .values({ recipientId: window.recipientId, kind: window.kind, sentAt: window.at })
    .onConflictDoUpdate({
      target: [mailWindows.recipientId, mailWindows.kind],
      set: { sentAt: window.at },
      setWhere: sql`${mailWindows.sentAt} <= ${window.closedBy.toISOString()}::timestamptz`,
    })
    .returning({ sentAt: mailWindows.sentAt });
  return rows.length === 1;
};

/** When the person was last mailed a notice of this kind. */
export const lastSent = async (db: Executor, recipientId: number, kind: string) => {
  const [row] = await db
    .select({ sentAt: mailWindows.sentAt })
    .from(mailWindows)
    .where(and(eq(mailWindows.recipientId, recipientId), eq(mailWindows.kind, kind)));
  return row?.sentAt;
};

export const holdMail = (
  db: Executor,
  held: { recipientId: number; kind: string; values: Record<string, string | number>; createdAt: Date },
) => db.insert(heldMails).values(held);

/** The notices held for the person of this kind, oldest first. */
export const heldFor = (db: Executor, recipientId: number, kind: string) =>
  db
    .select()
    .from(heldMails)
    .where(and(eq(heldMails.recipientId, recipientId), eq(heldMails.kind, kind)))
    .orderBy(asc(heldMails.id));

export const dropHeld = (db: Executor, ids: number[]) =>
  db.delete(heldMails).where(inArray(heldMails.id, ids));
