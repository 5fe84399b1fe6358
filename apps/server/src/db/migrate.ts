import { is } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { DatabaseHandle } from './client';
import * as schema from './schema';

/** Where Drizzle records the migrations it applied: one row each, `created_at` being the migration's `when`. */
export const migrationsTable = { schema: 'drizzle', table: '__drizzle_migrations' } as const;

/** Applies the committed migrations in drizzle/ that the database has not seen yet. */
export const migrateDatabase = (handle: DatabaseHandle, migrationsFolder = migrationsDir): Promise<void> => {
  const config = {
    migrationsFolder,
    migrationsSchema: migrationsTable.schema,
    migrationsTable: migrationsTable.table,
  };
  return handle.withMigrationLock(() =>
    handle.kind === 'pglite'
      ? migratePglite(handle.db as unknown as PgliteDatabase, config)
      : migrateNodePg(handle.db as unknown as NodePgDatabase, config),
  );
};

/** What a database this server can use holds: the tables of its schema and a record of each migration it ships. */
export type ExpectedSchema = { tables: string[]; migrations: number[] };

export const expectedSchema = (migrationsFolder = migrationsDir): ExpectedSchema => ({
  tables: Object.values(schema as Record<string, unknown>).flatMap((value) =>
    is(value, PgTable) ? [getTableConfig(value).name] : [],
  ),
  migrations: readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
});
