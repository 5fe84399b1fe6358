import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './client';

/**
 * The rows of a raw statement, each checked against its row schema: both drivers (PGlite and
 * node-postgres) answer raw statements with untyped `rows`, so a column renamed or retyped in SQL fails
 * here, by name, rather than somewhere later. Columns the schema does not name are dropped.
 */
export const rowsOf = async <Row extends z.ZodType>(db: Executor, query: SQL, row: Row) => {
  const { rows } = (await db.execute(query)) as unknown as { rows: unknown[] };
  return rows.map((value) => row.parse(value) as z.output<Row>);
};

/** Column types of raw rows, as the drivers answer them. */
export const column = {
  /** Raw statements answer timestamps as dates or as text, depending on the driver. */
  time: z.union([z.date(), z.string()]),
  /** A `date` column read as text (`day::text`, `YYYY-MM-DD`): raw dates would come as midnight UTC. */
  day: z.string(),
};

/** Raw statements answer timestamps as dates or as text, depending on the driver. */
export const isoTime = (value: Date | string) => new Date(value).toISOString();

const counted = z.object({ total: z.number() });

/**
 * One page of a list and the count of the whole list, read at once: `{ total, rows }`. The count is a
 * statement answering `[{ total }]` (a Drizzle `select({ total: count() })` or a raw one).
 */
export const paginate = async <T>(rows: PromiseLike<T[]>, count: PromiseLike<{ total: number }[]>) => {
  const [page, [first]] = await Promise.all([rows, count]);
  return { total: first?.total ?? 0, rows: page };
};

/** A raw count statement (`select count(*)::int as total …`) as `paginate` takes it. */
export const countRows = (db: Executor, query: SQL) => rowsOf(db, query, counted);

/** A row of just an id (`returning id`). */
export const idRow = z.object({ id: z.number() });
