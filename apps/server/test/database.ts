import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';

export type TestDatabase = DatabaseHandle & {
  /** Statements run since the last reset; asserts that a request costs a fixed number of queries. */
  queries: string[];
};

let counter = 0;

/**
 * A fresh, migrated database for one test file: PGlite by default, or a throw-away database on the
 * PostgreSQL server of TEST_DATABASE_URL.
 */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!serverUrl || !template) {
    const dump = await readFile(inject('pgliteTemplate'));
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) }, onQuery);
    return Object.assign(handle, { queries });
  }

  const name = `flashcards_test_${process.ppid}_${process.pid}_${counter++}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 }, onQuery);
  const closePool = handle.close;
  const close = async () => {
    await closePool();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return Object.assign(handle, { queries, close });
};
