import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExpectedSchema, migrationsTable } from '../../db/migrate';
import { cards, categories } from '../../db/schema';

export const countCategoriesAndCards = async (db: Executor) => {
  const [row] = await db
    .select({
      categories: sql<number>`(select count(*) from ${categories})::int`,
      cards: sql<number>`(select count(*) from ${cards})::int`,
    })
    .from(sql`(select 1) as one`);
  return { categories: row?.categories ?? 0, cards: row?.cards ?? 0 };
};

/**
 * The tables and the applied migrations missing from the database, in one statement. It reads the
 * migrations table itself, so it fails when that table or the connection is gone. Unqualified table
 * names resolve through the search path, as the application's own statements do.
 */
export const findSchemaGaps = async (db: Executor, expected: ExpectedSchema) => {
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((value) => sql`${String(value)}`),
      sql`, `,
    );
  const applied = sql`${sql.identifier(migrationsTable.schema)}.${sql.identifier(migrationsTable.table)}`;
  const [row] = await db
    .select({
      tables: sql<string[]>`array(
        select name from unnest(array[${list(expected.tables)}]::text[]) as name
        where to_regclass(quote_ident(name)) is null)`,
      migrations: sql<string[]>`array(
        select shipped::text from unnest(array[${list(expected.migrations)}]::bigint[]) as shipped
        where not exists (select 1 from ${applied} as applied where applied.created_at = shipped))`,
    })
    .from(sql`(select 1) as one`);
  return { tables: row?.tables ?? [], migrations: row?.migrations ?? [] };
};
