// npm run create-admin -- --email admin@example.org --password '...'
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { createServices } from '../services';
import { type AdminAnswer, adminSocketPath, askServer, createStaff } from './admin-channel';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const report = (result: AdminAnswer) => {
  if ('problems' in result) fail(`The password is not accepted: ${result.problems.join(' ')}`);
  else if ('error' in result) fail(`create-admin failed: ${result.error}`);
  else process.stdout.write(`${result.created ? 'Created' : 'Updated'} the staff account ${result.email}.\n`);
};

/** On PostgreSQL, or on an embedded database no server holds: the command opens the database itself. */
const createDirectly = async (config: ReturnType<typeof loadConfig>, email: string, password: string) => {
  const lock =
    config.database.kind === 'pglite'
      ? await lockDataDir(config.dataDir, {
          onLost: () => fail(`The data directory ${config.dataDir} was taken over by another process.`),
        })
      : undefined;
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const services = await createServices({
      config,
      database,
      log: pino({ level: 'silent' }),
      runJobs: false,
    });
    const result = await createStaff(services.auth, email, password);
    await services.close();
    return result;
  } finally {
    await database.close().catch(() => {});
    await lock?.release();
  }
};

const main = async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success || !values.password) {
    return fail('Usage: npm run create-admin -- --email <e-mail> --password <password>');
  }
  const password = values.password;
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  if (config.database.kind === 'pglite') {
    // A server running on this data directory holds its database: ask it through its local socket.
    const answered = await askServer(config.dataDir, {
      command: 'create-staff',
      email: email.data,
      password,
    });
    if (answered) return report(answered);
  }
  try {
    report(await createDirectly(config, email.data, password));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `The data directory ${config.dataDir} is held by a server that does not answer on ${adminSocketPath(config.dataDir)}; try again once it has started, or stop it.`,
      );
    }
    throw error;
  }
};

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    fail(error.message);
  }
  fail(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
});
