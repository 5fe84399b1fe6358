import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseOptions =
  | { kind: 'pglite'; dir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseOptions['kind'];
  /** Runs `fn` holding a cluster-wide lock, so only one process migrates at a time. */
  withMigrationLock: <T>(fn: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  pglite?: PGlite;
  /** PostgreSQL only: the connection string, for clients that keep their own connections (the job queue). */
  url?: string;
};

export class DatabaseUnavailableError extends Error {}

/** Codes of node-postgres (the socket's) and of PostgreSQL (SQLSTATE) that say the server cannot be reached now. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
]);
/** What node-postgres and PGlite say, without a code, when the connection is gone or never came. */
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Connection closed|PGlite is closed/i;

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) means the database cannot be reached
 * at the moment, rather than a bad statement: the request may be tried again once it is back.
 */
export const isDatabaseUnreachable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (UNREACHABLE_MESSAGES.test(current.message)) return true;
    // An AggregateError (a host with several addresses) holds one failure per address.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner))) return true;
    current = current.cause;
  }
  return false;
};

/** Called for every statement; tests use it to count the queries of a request. */
export type QueryListener = (sql: string) => void;

const queryLogger = (listener?: QueryListener): Logger | undefined =>
  listener ? { logQuery: (query) => listener(query) } : undefined;

/**
 * How close a word of a catalog name must be to a search to match it (`<%`): a little below pg_trgm's 0.6,
 * so that a name still matches a search with two slips ("Europaen capittals").
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Settings of every connection. `random_page_cost` as for data in memory or on SSD: with PostgreSQL's
 * default (4, a spinning disk) the planner hashes all catalog rows to join a few hundred search matches
 * instead of looking each up in an index, five times slower. No JIT: the live view of a sitting of 5,000
 * students is estimated above `jit_above_cost`, and compiling it took about 100 ms of every refresh, more
 * than the statement then saves; no statement of ours runs long enough to gain from it.
 */
const connectionSettings = {
  'pg_trgm.word_similarity_threshold': WORD_SIMILARITY_THRESHOLD,
  random_page_cost: 1.1,
  jit: 'off',
};

export const openDatabase = async (
  options: DatabaseOptions,
  onQuery?: QueryListener,
): Promise<DatabaseHandle> => {
  const logger = queryLogger(onQuery);
  if (options.kind === 'pglite') {
    if (options.dir) await mkdir(options.dir, { recursive: true });
    const pglite = await PGlite.create({
      dataDir: options.dir,
      loadDataDir: options.loadDataDir,
      // The catalog's search of names with typos.
      extensions: { pg_trgm },
    });
    for (const [name, value] of Object.entries(connectionSettings))
      await pglite.exec(`set ${name} = ${value}`);
    const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case', logger }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite,
      // A single in-process connection: statements never interleave, so no lock is needed.
      withMigrationLock: (fn) => fn(),
      close: () => pglite.close(),
    };
  }

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    options: Object.entries(connectionSettings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  pool.on('connect', (client) => {
    // A checked-out client between two statements (inside a transaction) that loses its connection
    // emits 'error' with nobody listening, which would end the process. Its next statement fails with
    // the connection error instead (a 503), and the pool drops the client when it is released.
    client.on('error', () => {});
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const { hostname, port, pathname } = new URL(options.url);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(
      `Cannot reach the database ${pathname.slice(1)} at ${hostname}:${port || 5432}: ${reason}`,
    );
  }
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    url: options.url,
    withMigrationLock: async (fn) => {
      // The lock lives on a connection of its own, so the migration may use the whole pool.
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('flashcards:migrations'))");
        return await fn();
      } finally {
        await client.end().catch(() => {});
      }
    },
    close: () => pool.end(),
  };
};
