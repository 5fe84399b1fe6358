import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor, Transaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { thumbnailKey } from '../../lib/images';
import type { MediaStorage } from '../../lib/storage';
import * as repo from './media.repository';

const random = () => randomBytes(12).toString('hex');

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.webm': 'audio/webm',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
};

/** Rows one sweep transaction handles (their files are deleted while it holds them). */
const SWEEP_BATCH = 100;

export class MediaSweptError extends Error {
  constructor() {
    super('The files stored for this change were swept before it committed');
  }
}

/** Which of these keys rows still name, read in the change's transaction (a file that rows share). */
export type UsageCheck = (tx: Executor, keys: string[]) => Promise<string[]>;

/**
 * The media files of one change of rows: the new ones it stores before its transaction, the old ones it
 * no longer needs. Made by `MediaService.change`.
 */
export type MediaFiles = {
  /** Stores a file: its key is recorded as pending first, committed on its own, then the file written. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at a local path, streamed, as `put` does. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Copies a stored file under a new key of `prefix` (a picture with its thumbnail); returns the new key. */
  copy(from: string, prefix: string, picture: boolean): Promise<string>;
  /**
   * Files (picture keys with their thumbnails where asked) that go once the change commits; with `inUse`,
   * only those no row names any more when it commits (files that rows share).
   */
  remove(keys: (string | null | undefined)[], options?: { thumbnails?: boolean; inUse?: UsageCheck }): void;
  /** Every file under a prefix goes once the change commits (an erased account, a deleted school). */
  removePrefix(prefix: string): void;
  /**
   * In the change's transaction: the stored files become referenced (their pending rows go, or the change
   * fails when they were swept meanwhile) and the removed ones are recorded for deletion.
   */
  commitWithin(tx: Executor): Promise<void>;
  /** A transaction of the change's rows, with `commitWithin` at its end. */
  transaction<T>(write: (tx: Transaction) => Promise<T>): Promise<T>;
};

/**
 * Media files kept in step with the rows that refer to them, through a ledger in the database
 * (`pending_media`): a file is recorded before it is written and taken off in the transaction that refers
 * to it; a file whose row goes is recorded in that row's transaction. Whatever a crash interrupts, a row
 * is left that the sweep (a scheduled job) settles: a file nobody refers to is deleted, never one that is.
 */
export const createMediaService = ({
  db,
  storage,
  log,
  clock,
  graceSeconds,
}: {
  db: Database;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  clock: Clock;
  graceSeconds: number;
}) => {
  const cutoff = () => new Date(clock.now().getTime() - graceSeconds * 1000);

  /** Deletes the files, then the rows of those that went; one that could not go keeps its row for the sweep. */
  const deleteFiles = async (db: Executor, files: repo.PendingFile[]) => {
    const gone: string[] = [];
    await Promise.all(
      files.map(async ({ key, prefix }) => {
        try {
          await (prefix ? storage.deletePrefix(key) : storage.delete(key));
          gone.push(key);
        } catch (error) {
          log.warn({ err: error, key }, 'could not delete a media file');
        }
      }),
    );
    await repo.deleteRows(db, gone);
    return gone.length;
  };

  const filesOfChange = () => {
    const written: string[] = [];
    const unwanted = new Map<string, boolean>();
    const shared: { keys: string[]; thumbnails: boolean; inUse: UsageCheck }[] = [];
    const release = (key: string, thumbnails: boolean) => {
      unwanted.set(key, false);
      if (thumbnails) unwanted.set(thumbnailKey(key), false);
    };

    const reserve = async (keys: string[]) => {
      await repo.insertWritten(db, keys, clock.now());
      written.push(...keys);
    };

    const files: MediaFiles = {
      async put(key, data, contentType) {
        await reserve([key]);
        await storage.put(key, data, contentType);
      },

      async putFile(key, file, contentType) {
        await reserve([key]);
        await storage.putFile(key, file, contentType);
      },

      async copy(from, prefix, picture) {
        const ext = path.extname(from) || '.bin';
        const to = `${prefix}/${random()}${ext}`;
        const thumbnail = picture && thumbnailKey(from) !== from;
        await reserve(thumbnail ? [to, thumbnailKey(to)] : [to]);
        await storage.put(to, await storage.get(from), contentTypes[ext] ?? 'application/octet-stream');
        if (thumbnail) {
          const data = await storage.get(thumbnailKey(from)).catch(() => undefined);
          if (data) await storage.put(thumbnailKey(to), data, 'image/webp');
        }
        return to;
      },

      remove(keys, { thumbnails = false, inUse } = {}) {
        const named = keys.filter((key): key is string => Boolean(key));
        if (inUse) shared.push({ keys: named, thumbnails, inUse });
        else for (const key of named) release(key, thumbnails);
      },

      removePrefix(prefix) {
        unwanted.set(prefix, true);
      },

      async commitWithin(tx) {
        const keys = [...new Set(written)];
        const claimed = await repo.claimWritten(tx, keys, cutoff());
        if (claimed.length < keys.length) throw new MediaSweptError();
        // Two changes letting go of one shared file: the second waits, then sees the first one's rows gone.
        await repo.lockKeys(
          tx,
          shared.flatMap((group) => group.keys),
        );
        for (const { keys, thumbnails, inUse } of shared) {
          const used = new Set(keys.length > 0 ? await inUse(tx, keys) : []);
          for (const key of keys) if (!used.has(key)) release(key, thumbnails);
        }
        await repo.insertUnwanted(
          tx,
          [...unwanted].map(([key, prefix]) => ({ key, prefix })),
          clock.now(),
        );
      },

      transaction: (write) =>
        db.transaction(async (tx) => {
          const result = await write(tx);
          await files.commitWithin(tx);
          return result;
        }),
    };
    return { files, written, unwanted };
  };

  return {
    /**
     * Runs a change of rows with its media files. Afterwards, whether it committed or failed, the files it
     * stored that nothing took (a failure) are deleted, and the files it removed if it committed.
     */
    async change<T>(run: (files: MediaFiles) => Promise<T>): Promise<T> {
      const { files, written, unwanted } = filesOfChange();
      try {
        return await run(files);
      } finally {
        // Only rows still there name files to delete: a committed change took its written ones, and a
        // failed one recorded no unwanted ones. What cannot be done now is left to the sweep.
        try {
          const [left, gone] = await Promise.all([
            repo.pendingAmong(db, written, 'written'),
            repo.pendingAmong(db, [...unwanted.keys()], 'unwanted'),
          ]);
          await deleteFiles(db, [...left, ...gone]);
        } catch (error) {
          log.warn({ err: error }, 'could not settle the media files of a change');
        }
      }
    },

    /**
     * Deletes the files of crashed or failed changes (written before the grace period and never taken)
     * and the unwanted files still there; resolves with how many went. Run by a scheduled job.
     */
    async sweep() {
      let removed = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const due = await repo.lockDue(tx, cutoff(), SWEEP_BATCH);
          return { due: due.length, gone: await deleteFiles(tx, due) };
        });
        removed += batch.gone;
        // A full batch that all went may have more behind it; a file that would not go waits for the next run.
        if (batch.due < SWEEP_BATCH || batch.gone < batch.due) return removed;
      }
    },
  };
};

export type MediaService = ReturnType<typeof createMediaService>;
