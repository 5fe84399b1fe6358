import { and, eq, gt, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { cardImports } from '../../db/schema';
import type { Message } from '../../lib/api-error';
import type { SkippedNote } from './anki-import';

export type CardImportRow = typeof cardImports.$inferSelect;

const FINISHED: ('SUCCESS' | 'FAILURE')[] = ['SUCCESS', 'FAILURE'];
/** The advisory lock space of an account's imports (the second key is the user's id). */
const IMPORTS_LOCK = 0x1c1d;

/** Holds the account's imports for the caller's transaction: a burst of starts decides one at a time. */
export const lockImports = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${IMPORTS_LOCK}, ${userId})`);

/** Whether the account has an import that has neither ended nor passed its time. */
export const hasRunningImport = async (tx: Executor, userId: number, now: Date) =>
  (
    await tx
      .select({ id: cardImports.id })
      .from(cardImports)
      .where(
        and(
          eq(cardImports.userId, userId),
          inArray(cardImports.status, ['PENDING', 'STARTED']),
          gt(cardImports.expiresAt, now),
        ),
      )
      .limit(1)
  ).length > 0;

export const insertImport = async (tx: Executor, values: typeof cardImports.$inferInsert) => {
  const [row] = await tx.insert(cardImports).values(values).returning();
  return row!;
};

export const findImport = async (db: Executor, id: string) =>
  (await db.select().from(cardImports).where(eq(cardImports.id, id)))[0];

/** Marks a running import's progress (the first time, as started); one that has ended stays as it is. */
export const markProgress = (db: Database, id: string, done: number, total: number | null) =>
  db
    .update(cardImports)
    .set({ status: 'STARTED', done, total })
    .where(and(eq(cardImports.id, id), notInArray(cardImports.status, FINISHED)));

export type ImportOutcome =
  | { status: 'SUCCESS'; created: number; skipped: SkippedNote[]; done: number }
  | { status: 'FAILURE'; error: Message };

/** Ends an import that has not ended: resolves with whether this call ended it. */
export const finishImport = async (tx: Executor, id: string, outcome: ImportOutcome, now: Date) =>
  (
    await tx
      .update(cardImports)
      .set({ ...outcome, packageKey: null, finishedAt: now })
      .where(and(eq(cardImports.id, id), notInArray(cardImports.status, FINISHED)))
      .returning({ id: cardImports.id })
  ).length > 0;

/** Imports past their time that never ended (every attempt of their job died): their packages are still kept. */
export const outlivedImports = (db: Database, now: Date) =>
  db
    .select()
    .from(cardImports)
    .where(
      and(
        notInArray(cardImports.status, FINISHED),
        lte(cardImports.expiresAt, now),
        isNotNull(cardImports.packageKey),
      ),
    )
    .limit(100);

/** Forgets the imports that ended before a moment (their packages went when they ended). */
export const deleteEndedBefore = (db: Database, before: Date) =>
  db
    .delete(cardImports)
    .where(and(inArray(cardImports.status, FINISHED), lt(cardImports.finishedAt, before)));
