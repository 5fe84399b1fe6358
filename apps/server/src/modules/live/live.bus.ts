import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/client';

/**
 * A committed change of a live game: `state` when its phase or players changed (its revision grew),
 * `answers` when a player answered (only the host's count of answers moves).
 */
export type LiveChange = { gameId: number; revision: number; kind: 'state' | 'answers' };

export type LiveBus = {
  publish(change: LiveChange): Promise<void>;
  /**
   * Hears every change of every game, from any process. `resync` runs when changes may have been missed
   * (the listening connection was lost and came back): whoever shows games reads them again.
   */
  subscribe(listener: (change: LiveChange) => void, resync?: () => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = 'live_games';
/** How long the listening connection waits before it connects again after losing the database. */
const RECONNECT_MS = 1000;

const encode = (change: LiveChange) =>
  `${change.gameId}:${change.revision}:${change.kind === 'state' ? 's' : 'a'}`;
const decode = (payload: string): LiveChange | null => {
  const [gameId, revision, kind] = payload.split(':');
  if (!gameId || !revision || (kind !== 's' && kind !== 'a')) return null;
  return { gameId: Number(gameId), revision: Number(revision), kind: kind === 's' ? 'state' : 'answers' };
};

const listenerSet = () => {
  const listeners = new Set<(change: LiveChange) => void>();
  const resyncs = new Set<() => void>();
  return {
    emit: (change: LiveChange) => {
      for (const listener of listeners) listener(change);
    },
    resync: () => {
      for (const resync of resyncs) resync();
    },
    subscribe(listener: (change: LiveChange) => void, resync?: () => void) {
      listeners.add(listener);
      if (resync) resyncs.add(resync);
      return () => {
        listeners.delete(listener);
        if (resync) resyncs.delete(resync);
      };
    },
  };
};

/** The embedded database serves one process: its changes go straight to its listeners. */
export const createInProcessBus = (): LiveBus => {
  const set = listenerSet();
  return {
    publish: async (change) => set.emit(change),
    subscribe: set.subscribe,
    close: async () => {},
  };
};

/**
 * PostgreSQL's LISTEN/NOTIFY carries changes to every server process (docs/live.md "Several processes"):
 * a change is announced on the channel after its transaction committed, and each process hears it on a
 * connection of its own, its own announcements included, so every process learns of a change one way.
 */
const createPostgresBus = async (db: Database, url: string, log: FastifyBaseLogger): Promise<LiveBus> => {
  const set = listenerSet();
  let closed = false;
  let listener: pg.Client | null = null;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    const retry = () => {
      if (closed || listener !== client) return;
      listener = null;
      setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      const change = message.payload && decode(message.payload);
      if (change) set.emit(change);
    });
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      // Changes announced while no connection listened were missed: the games are read again.
      set.resync();
    } catch (error) {
      log.warn({ err: error }, 'live games: cannot listen for changes, trying again');
      await client.end().catch(() => {});
      retry();
    }
  };
  await connect();

  return {
    async publish(change) {
      try {
        await db.execute(sql`select pg_notify(${CHANNEL}, ${encode(change)})`);
      } catch (error) {
        // The change is committed; screens catch up with the next change or their next reconnection.
        log.warn({ err: error }, 'live games: cannot announce a change');
      }
    },
    subscribe: set.subscribe,
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
};

export const createLiveBus = (database: DatabaseHandle, log: FastifyBaseLogger) =>
  database.kind === 'postgres' && database.url
    ? createPostgresBus(database.db, database.url, log)
    : createInProcessBus();
