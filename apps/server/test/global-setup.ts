import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createTestJobQueue } from './jobs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database that every test file starts from. */
    pgliteTemplate: string;
    /** On PostgreSQL: the migrated template database each test file clones. */
    postgresTemplate: string | undefined;
  }
}

const databaseUrl = (url: string, database: string) => {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
};

/** Migrates and creates the job queue's schema once per run, so test files find both in place. */
const prepareTemplate = async (database: DatabaseHandle) => {
  await migrateDatabase(database);
  const queue = createTestJobQueue(database);
  await queue.start({ work: false });
  await queue.stop();
};

/** Prepares the template once per run; each test file then starts from a copy in about a second. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'flashcards-test-'));
  const handle = await openDatabase({ kind: 'pglite' });
  await prepareTemplate(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const templateFile = path.join(dir, 'template.tar');
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templateFile);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (serverUrl) {
    template = `flashcards_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const templateDb = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(serverUrl, template),
      poolSize: 1,
    });
    await prepareTemplate(templateDb);
    await templateDb.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (serverUrl && template) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const leftovers = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`flashcards_test_${process.pid}_%`],
      );
      for (const { datname } of leftovers.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
