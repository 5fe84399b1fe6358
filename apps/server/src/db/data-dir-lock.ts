import { stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lock } from 'proper-lockfile';

export class DataDirLockedError extends Error {}

export type DataDirLock = { release: () => Promise<void> };

export type DataDirLockOptions = {
  /**
   * Called when another process took the lock over: this process's event loop stood still for longer
   * than `staleMs`, so its lock looked abandoned. The caller must stop using the database at once.
   */
  onLost: (error: Error) => void;
  /** A lock not refreshed for this long belongs to a process that is gone (at least 2 s). */
  staleMs?: number;
  /** How often the holder refreshes its lock (at least 1 s, at most half of `staleMs`). */
  updateMs?: number;
};

export const lockPath = (dataDir: string) => path.join(dataDir, 'db.lock');

const pollMs = 200;

const mtimeOf = (file: string) =>
  stat(file).then(
    (info) => info.mtimeMs,
    () => undefined,
  );

/**
 * The embedded database allows one process per data directory. The lock is a directory whose time the
 * holder refreshes every `updateMs` (proper-lockfile), so nothing rests on a pid: a crashed holder stops
 * refreshing it whether or not it has been reaped yet, and a pid reused by another program (in containers
 * the server is often pid 1) means nothing. A starting process waits while the lock stays unrefreshed and
 * takes it over once it is `staleMs` old; it is refused as soon as it sees the lock refreshed, which
 * proves the holder alive.
 *
 * The defaults weigh a restart after a crash (at most ten seconds of waiting) against the holder's event
 * loop standing still, which PGlite's queries run on: only a stall of about eight seconds makes a live
 * lock look abandoned, and `onLost` then stops the stalled process.
 */
export const lockDataDir = async (
  dataDir: string,
  { onLost, staleMs = 10_000, updateMs = 2_000 }: DataDirLockOptions,
): Promise<DataDirLock> => {
  const file = lockPath(dataDir);
  const inUse = () =>
    new DataDirLockedError(
      `The data directory ${dataDir} is in use by another server process; stop it or choose another DATA_DIR.`,
    );
  // The holder may have set the lock's time up to a second ahead when it took it.
  const deadline = Date.now() + staleMs + updateMs + 1_000;
  let seen: number | undefined;
  for (;;) {
    try {
      const release = await lock(dataDir, {
        lockfilePath: file,
        realpath: false,
        stale: staleMs,
        update: updateMs,
        onCompromised: onLost,
      });
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          // A lock already lost was not ours to remove.
          await release().catch(() => {});
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const mtime = await mtimeOf(file);
    if (mtime !== undefined && seen !== undefined && mtime !== seen) throw inUse();
    seen = mtime ?? seen;
    if (Date.now() > deadline) throw inUse();
    await sleep(pollMs);
  }
};
