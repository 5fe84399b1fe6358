/**
 * How long a password reset request takes for an e-mail with an account and for one without: the median
 * of `--tries` requests each, against the built server started as production starts it, on a fresh
 * embedded database (or, with DATABASE_URL, a throw-away database on that PostgreSQL server). The two
 * kinds alternate, and each request names another e-mail from another address (X-Forwarded-For), so no
 * limit is reached. Jobs stay queued (RUN_JOBS=false): the figure is the request's own work, which is
 * what a caller can time.
 *   npm run bench:reset -w @flashcards/server [-- --tries 50]
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type benchTarget, openBenchDatabase } from './data-set';
import { buildServer, startServer } from './server';

const { values } = parseArgs({
  options: {
    tries: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '10' },
  },
});
const count = (name: string, value: string, least: number) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < least)
    throw new Error(`--${name} must be a whole number from ${least}`);
  return number;
};
const tries = count('tries', values.tries, 1);
const warmup = count('warmup', values.warmup, 0);
const say = (line: string) => process.stdout.write(`${line}\n`);

const known = (n: number) => `reset-bench-${n}@example.com`;
const unknown = (n: number) => `no-account-${n}@example.com`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-reset-bench-'));
let target: ReturnType<typeof benchTarget>;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = 'flashcards_reset_bench';
  url.pathname = `/${name}`;
  const admin = new URL(process.env.DATABASE_URL);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`drop database if exists ${name} with (force)`);
  dropDatabase = () => run(`drop database if exists ${name} with (force)`);
  target = { kind: 'postgres', url: url.toString(), label: `PostgreSQL (${name}, dropped afterwards)` };
} else {
  target = {
    kind: 'pglite',
    dir: path.join(dataDir, 'db'),
    dataDir,
    label: 'PGlite (a fresh data directory)',
  };
}

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  const { handle, close } = await openBenchDatabase(target);
  try {
    await handle.db.execute(
      sql`insert into users (email, first_name, last_name, is_active)
          select 'reset-bench-' || n || '@example.com', 'Reset', 'Bench ' || n, true
          from generate_series(1, ${warmup + tries}) as n`,
    );
  } finally {
    await close();
  }

  buildServer();
  const resultsDir = path.join(import.meta.dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-reset-server.log`);
  say(`Starting the server on ${target.label}…`);
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
      TRUST_PROXY: 'true',
      RUN_JOBS: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    logFile,
  );
  try {
    const timed = async (email: string, n: number) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/user/users/reset_password/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ email }),
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 204) throw new Error(`a reset for ${email} answered ${response.status}`);
      return ms;
    };
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let n = 1; n <= warmup + tries; n++) {
      // Interleaved, each kind first every other time, so that whatever the machine does meanwhile falls
      // on both kinds alike.
      const pair =
        n % 2
          ? [await timed(known(n), 2 * n), await timed(unknown(n), 2 * n + 1)]
          : [await timed(unknown(n), 2 * n + 1), await timed(known(n), 2 * n)].reverse();
      if (n > warmup) {
        times.known.push(pair[0]!);
        times.unknown.push(pair[1]!);
      }
    }
    say(`Password reset request, median of ${tries} each (after ${warmup} of each to warm up):`);
    say(`  e-mail with an account:    ${median(times.known).toFixed(2)} ms`);
    say(`  e-mail without an account: ${median(times.unknown).toFixed(2)} ms`);
  } finally {
    await server.stop();
  }
} finally {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
}
