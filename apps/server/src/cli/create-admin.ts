// npm run create-admin -- --email admin@example.org --password '...'
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { translateMessage } from '../lib/translate';
import { createServices } from '../services';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const main = async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success || !values.password) {
    fail('Usage: npm run create-admin -- --email <e-mail> --password <password>');
  }
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
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
    const { auth } = services;
    const result = await auth.createStaff(email.data!, values.password!);
    if ('problems' in result) {
      fail(
        `The password is not accepted: ${result.problems?.map((p) => translateMessage('en', p)).join(' ')}`,
      );
    } else {
      process.stdout.write(
        `${result.created ? 'Created' : 'Updated'} the staff account ${result.user.email}.\n`,
      );
    }
    await services.close();
  } finally {
    await database.close().catch(() => {});
    await lock?.release();
  }
};

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DatabaseUnavailableError
  ) {
    fail(error.message);
  }
  fail(`create-admin failed: ${error instanceof Error ? error.message : String(error)}`);
});
