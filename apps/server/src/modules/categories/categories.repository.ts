import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards, categories, users } from '../../db/schema';

export type CardKind = (typeof categories.$inferSelect)['typeOfCards'];
export type CategorySort = { by: 'date' | 'alphabetical'; order: 'asc' | 'desc' };

/** The category row, its owner and its card statistics, computed in the same statement. */
const selectWithStats = (db: Executor, learnedThreshold: number) => {
  const stats = db
    .select({
      cardsLen: sql<number>`count(*)::int`.as('cards_len'),
      learnedVerbal:
        sql<number>`count(*) filter (where ${cards.guessesScore} >= ${learnedThreshold})::int`.as(
          'learned_verbal',
        ),
      learnedTyping:
        sql<number>`count(*) filter (where ${cards.guessesScoreTyping} >= ${learnedThreshold})::int`.as(
          'learned_typing',
        ),
      guesses: sql<number>`coalesce(sum(${cards.guessesScore}), 0)::int`.as('guesses'),
      incorrect: sql<number>`coalesce(sum(${cards.incorrectGuessesScore}), 0)::int`.as('incorrect'),
      guessesTyping: sql<number>`coalesce(sum(${cards.guessesScoreTyping}), 0)::int`.as('guesses_typing'),
      incorrectTyping: sql<number>`coalesce(sum(${cards.incorrectGuessesScoreTyping}), 0)::int`.as(
        'incorrect_typing',
      ),
    })
    .from(cards)
    .where(eq(cards.categoryId, categories.id))
    .as('stats');
  return db
    .select({
      category: categories,
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        avatar: users.avatar,
      },
      stats: {
        cardsLen: stats.cardsLen,
        learnedVerbal: stats.learnedVerbal,
        learnedTyping: stats.learnedTyping,
        guesses: stats.guesses,
        incorrect: stats.incorrect,
        guessesTyping: stats.guessesTyping,
        incorrectTyping: stats.incorrectTyping,
      },
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .leftJoinLateral(stats, sql`true`);
};

export type CategoryWithStats = Awaited<ReturnType<ReturnType<typeof selectWithStats>['execute']>>[number];

const orderOf = (sort: CategorySort) => {
  const direction = sort.order === 'asc' ? asc : desc;
  return sort.by === 'alphabetical'
    ? [direction(sql`lower(${categories.name})`), direction(categories.id)]
    : [direction(categories.createdAt), direction(categories.id)];
};

export type CategoryFilter = { userId: number; kinds: CardKind[]; aiCreated?: boolean };

const whereOf = (filter: CategoryFilter) =>
  and(
    eq(categories.userId, filter.userId),
    inArray(categories.typeOfCards, filter.kinds),
    filter.aiCreated === undefined ? undefined : eq(categories.aiCreated, filter.aiCreated),
  );

export const countCategories = async (db: Executor, filter: CategoryFilter) => {
  const [row] = await db.select({ total: count() }).from(categories).where(whereOf(filter));
  return row?.total ?? 0;
};

export const listCategories = (
  db: Executor,
  filter: CategoryFilter,
  options: { sort: CategorySort; limit?: number; offset?: number; learnedThreshold: number },
) => {
  const query = selectWithStats(db, options.learnedThreshold)
    .where(whereOf(filter))
    .orderBy(...orderOf(options.sort))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  return query;
};

export const findCategoryWithStats = async (db: Executor, id: number, learnedThreshold: number) => {
  const [row] = await selectWithStats(db, learnedThreshold).where(eq(categories.id, id));
  return row;
};

export const findCategory = async (db: Executor, id: number) => {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
};

/** The category with its author's name and its number of cards, in one statement (catalog detail). */
export const findCategoryForCatalog = async (db: Executor, id: number) => {
  const [row] = await db
    .select({
      category: categories,
      author: { firstName: users.firstName, lastName: users.lastName },
      cardsLength: sql<number>`(select count(*)::int from ${cards} where ${cards.categoryId} = ${categories.id})`,
    })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(eq(categories.id, id));
  return row;
};

export type CatalogCategoryRow = NonNullable<Awaited<ReturnType<typeof findCategoryForCatalog>>>;

export const insertCategory = async (db: Executor, values: typeof categories.$inferInsert) => {
  const [row] = await db.insert(categories).values(values).returning();
  return row!;
};

export const updateCategory = (db: Executor, id: number, values: Partial<typeof categories.$inferInsert>) =>
  db
    .update(categories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(categories.id, id));

export const countCards = async (db: Executor, categoryId: number) => {
  const [row] = await db.select({ total: count() }).from(cards).where(eq(cards.categoryId, categoryId));
  return row?.total ?? 0;
};

/** Storage keys of the pictures and sounds of a category's cards (to delete the files with it). */
export const mediaKeysOfCategory = async (db: Executor, categoryId: number) => {
  const rows = await db
    .select({ kind: categories.typeOfCards, image: cards.firstSide, audio: cards.audio })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(cards.categoryId, categoryId));
  return {
    images: rows.filter((row) => row.kind !== 'text').map((row) => row.image),
    audios: rows.flatMap((row) => (row.audio ? [row.audio] : [])),
  };
};

export const deleteCategory = (db: Executor, id: number) =>
  db.delete(categories).where(eq(categories.id, id));
