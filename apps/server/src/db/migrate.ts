import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { DatabaseHandle } from './client';

/** Applies the committed migrations in drizzle/ that the database has not seen yet. */
export const migrateDatabase = (handle: DatabaseHandle, migrationsFolder = migrationsDir): Promise<void> =>
  handle.withMigrationLock(() =>
    handle.kind === 'pglite'
      ? migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder })
      : migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder }),
  );
