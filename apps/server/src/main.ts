import { accessSync, constants, mkdirSync } from 'node:fs';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app';
import { openAdminChannel } from './cli/admin-channel';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { createServices } from './services';

/** Known start-up failures end with one line, not a stack trace. */
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const prepareDataDir = (dir: string) => {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    fail(
      `The data directory ${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}); set DATA_DIR to a writable folder.`,
    );
  }
};

const start = async () => {
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  const lock =
    config.database.kind === 'pglite'
      ? await lockDataDir(config.dataDir, {
          onLost: () =>
            fail(
              `The data directory ${config.dataDir} was taken over by another process while this one stood still; stopping so that two processes never write one database.`,
            ),
        })
      : undefined;
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const log = pino(loggerOptions(config));
  const services = await createServices({ config, database, log, runJobs: config.runJobs });
  const app = await buildApp({ services, log });
  // The command line (create-admin) cannot open an embedded database this process holds: it asks here.
  const adminChannel =
    config.database.kind === 'pglite'
      ? await openAdminChannel(config.dataDir, services.auth, log)
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => fail('Shutdown took longer than 10 seconds; exiting.'), 10_000);
    timer.unref();
    try {
      await adminChannel?.close();
      await app.close();
      await services.close();
    } finally {
      await lock?.release();
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Serving ${address} (${config.database.kind === 'pglite' ? `embedded database in ${config.database.dir}` : 'PostgreSQL'})`,
  );
};

start().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnavailableError
  ) {
    fail(error.message);
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`The port is already in use; set PORT to a free port. (${(error as Error).message})`);
  if (code === 'EACCES' || code === 'EROFS')
    fail(`Cannot write where the server needs to: ${(error as Error).message}`);
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
