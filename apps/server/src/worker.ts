import os from 'node:os';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createServices } from './services';

/** Known start-up failures end with one line, not a stack trace. */
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

/** The job worker process: runs the queued jobs on PostgreSQL, beside any number of server processes. */
const start = async () => {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    // The embedded database belongs to the server process, which runs the jobs itself.
    fail(
      'The worker needs PostgreSQL: set DATABASE_URL (with the embedded database the server runs the jobs).',
    );
    return;
  }
  // Background work gives way to the requests of people (a server process on the same machine).
  if (config.workerNice > 0) os.setPriority(config.workerNice);
  const log = pino({
    level: config.logLevel,
    ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  });
  const database = await openDatabase(config.database);
  // Under the same lock as the server's, so the handlers meet the tables of this version.
  await migrateDatabase(database);
  // The same services as a server's, so the job handlers are registered in one place.
  const services = await createServices({ config, database, log, runJobs: true });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the worker');
    const timer = setTimeout(() => fail('The worker took longer than 15 seconds to stop; exiting.'), 15_000);
    timer.unref();
    try {
      // The jobs still running when the queue gives up on them are retried once they expire.
      await services.close();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  log.info('Working the job queue on PostgreSQL');
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) fail(error.message);
  process.stderr.write(
    `The worker could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
