import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pendingMedia } from '../../db/schema';

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
  if (keys.length === 0) return [];
  const rows = await tx
    .delete(pendingMedia)
    .where(
      and(
        inArray(pendingMedia.key, keys),
        eq(pendingMedia.state, 'written'),
        gt(pendingMedia.createdAt, cutoff),
      ),
    )
    .returning({ key: pendingMedia.key });
  return rows.map((row) => row.key);
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
export const pendingAmong = (db: Executor, keys: string[], state: 'written' | 'unwanted') =>
  keys.length === 0
    ? Promise.resolve([] as PendingFile[])
    : db
        .select({ key: pendingMedia.key, prefix: pendingMedia.prefix })
        .from(pendingMedia)
        .where(and(inArray(pendingMedia.key, keys), eq(pendingMedia.state, state)));

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
