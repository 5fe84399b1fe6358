import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { type App, buildApp, loggerOptions } from '../src/app';
import { type Env, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createManualClock, type ManualClock } from '../src/lib/clock';
import { createServices, type Services } from '../src/services';
import { createTestDatabase, type TestDatabase } from './database';
import { runQueuedJobs } from './jobs';

export type TestApp = {
  app: App;
  services: Services;
  database: TestDatabase;
  /** The app's clock: it stands still until a test moves it. */
  clock: ManualClock;
  /**
   * Runs the jobs queued so far (no worker runs in tests); resolves with how many ran. Jobs queued for
   * later (startAfter) run once the test's clock has reached their time.
   */
  runJobs: () => Promise<number>;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * The real application on a fresh database and data directory, with a clock the test moves. `configure`
 * may add routes before the app starts (used by tests of the framework plugins); `logTo` receives the log
 * lines, written as production writes them.
 */
export const buildTestApp = async (
  env: Partial<Env> = {},
  configure?: (app: App) => void | Promise<void>,
  logTo?: NodeJS.WritableStream,
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...env,
  } as Record<string, string>);
  const database = await createTestDatabase();
  const clock = createManualClock();
  const log = logTo ? pino(loggerOptions(config), logTo) : pino({ level: config.logLevel });
  try {
    const services = await createServices({ config, database, log, clock, runJobs: false });
    const app = await buildApp({ services, log });
    await configure?.(app);
    await app.ready();
    return {
      app,
      services,
      database,
      clock,
      runJobs: () => runQueuedJobs(services.jobs, clock.now()),
      dataDir,
      close: async () => {
        await app.close();
        await services.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};

/**
 * A second server process beside `t`, on the same PostgreSQL database (its own connections, its own
 * live bus) and the same clock: what one process changes, the other hears of through the database.
 */
export const buildSecondApp = async (t: TestApp) => {
  if (t.database.kind !== 'postgres' || !t.database.url) throw new Error('a second process needs PostgreSQL');
  const database = await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 5 });
  const log = pino({ level: t.services.config.logLevel });
  const services = await createServices({
    config: t.services.config,
    database,
    log,
    clock: t.clock,
    runJobs: false,
  });
  const app = await buildApp({ services, log });
  await app.ready();
  return {
    app,
    services,
    close: async () => {
      await app.close();
      await services.close();
    },
  };
};
