/**
 * Writes the app's OpenAPI document to the file named (`npm run openapi:lint` lints it): the real app, on
 * an empty in-memory database and a throw-away data directory, never listening.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createServices } from '../src/services';

const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx scripts/openapi.ts <file.json>');
  process.exit(2);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-openapi-'));
const database = await openDatabase({ kind: 'pglite' });
try {
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  });
  const log = pino({ level: 'silent' });
  const services = await createServices({ config, database, log, runJobs: false });
  const app = await buildApp({ services, log });
  try {
    await app.ready();
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await services.close();
  }
} finally {
  await database.close().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}
