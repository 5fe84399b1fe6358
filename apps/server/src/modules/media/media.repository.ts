import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pendingMedia } from '../../db/schema';

/** Keys a statement names at most: a change may store tens of thousands of files (an imported deck). */
const KEYS_PER_STATEMENT = 5000;
const chunks = (keys: string[]) =>
  Array.from({ length: Math.ceil(keys.length / KEYS_PER_STATEMENT) }, (_, index) =>
    keys.slice(index * KEYS_PER_STATEMENT, (index + 1) * KEYS_PER_STATEMENT),
  );

export type PendingFile = { key: string; prefix: boolean };

/** Records keys about to be written, each in its own committed row (call it outside any transaction). */
export const insertWritten = async (db: Executor, keys: string[], now: Date) => {
  if (keys.length === 0) return;
  await db
    .insert(pendingMedia)
    .values(keys.map((key) => ({ key, state: 'written' as const, createdAt: now })));
};

/**
 * Takes the written files of a committing change as referenced: deletes their rows, those younger than the
 * cutoff only (older ones belong to the sweep); returns the keys taken.
 */
export const claimWritten = async (tx: Executor, keys: string[], cutoff: Date) => {
  const taken: string[] = [];
  for (const some of chunks(keys)) {
    const rows = await tx
      .delete(pendingMedia)
      .where(
        and(
          inArray(pendingMedia.key, some),
          eq(pendingMedia.state, 'written'),
          gt(pendingMedia.createdAt, cutoff),
        ),
      )
      .returning({ key: pendingMedia.key });
    taken.push(...rows.map((row) => row.key));
  }
  return taken;
};

/** Records files to delete, in the transaction that dropped their rows. */
export const insertUnwanted = async (tx: Executor, files: PendingFile[], now: Date) => {
  if (files.length === 0) return;
  await tx
    .insert(pendingMedia)
    .values(files.map((file) => ({ ...file, state: 'unwanted' as const, createdAt: now })))
    .onConflictDoUpdate({ target: pendingMedia.key, set: { state: 'unwanted' } });
};

/** The rows of these keys still in the given state. */
export const pendingAmong = async (db: Executor, keys: string[], state: 'written' | 'unwanted') => {
  const found: PendingFile[] = [];
  for (const some of chunks(keys))
    found.push(
      ...(await db
        .select({ key: pendingMedia.key, prefix: pendingMedia.prefix })
        .from(pendingMedia)
        .where(and(inArray(pendingMedia.key, some), eq(pendingMedia.state, state)))),
    );
  return found;
};
/**
 * Files due for deletion (unwanted ones, written ones from before the cutoff), locked for the caller's
 * transaction; rows a committing change holds are skipped.
 */
export const lockDue = (tx: Executor, cutoff: Date, limit: number) =>
  tx
    .select({ key: pendingMedia.key, prefix: pendingMedia.prefix })
    .from(pendingMedia)
    .where(or(eq(pendingMedia.state, 'unwanted'), lte(pendingMedia.createdAt, cutoff)))
    .orderBy(pendingMedia.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });

export const deleteRows = async (db: Executor, keys: string[]) => {
  if (keys.length > 0) await db.delete(pendingMedia).where(inArray(pendingMedia.key, keys));
};

/**
 * Locks the keys for the rest of the transaction, in one order (no two changes wait on each other): a
 * change letting go of a file that other rows share waits for another doing the same to commit.
 */
export const lockKeys = async (tx: Executor, keys: string[]) => {
  for (const some of chunks([...new Set(keys)].sort())) {
    const list = sql.join(
      some.map((key) => sql`${key}`),
      sql`, `,
    );
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(key, 0)) from (select unnest(array[${list}]::text[]) as key order by 1) keys`,
    );
  }
};
