import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Both drivers (PGlite and node-postgres) answer raw statements with `rows`. */
export const rowsOf = async <T>(db: Executor, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Raw statements answer timestamps as dates or as text, depending on the driver. */
export const isoTime = (value: Date | string) => new Date(value).toISOString();
