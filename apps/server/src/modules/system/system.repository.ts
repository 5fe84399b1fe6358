import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
