import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../src/app';
import { type Env, loadConfig } from '../src/config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = { app: App; database: TestDatabase; dataDir: string; close: () => Promise<void> };

/**
 * The real application on a fresh database and data directory. `configure` may add routes before the
 * app starts (used by tests of the framework plugins).
 */
export const buildTestApp = async (
  env: Partial<Env> = {},
  configure?: (app: App) => void | Promise<void>,
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
  const app = await buildApp({ config, database }).catch(async (error: unknown) => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  await configure?.(app);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
