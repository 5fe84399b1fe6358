import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  cardReviews,
  cards,
  categories,
  marketListings,
  marketVersionCards,
  marketVersions,
  users,
} from '../../db/schema';
import type { CardKind } from '../../db/schema/card-type';

export type CategoryInsert = typeof categories.$inferInsert;
export type CategorySort = { by: 'date' | 'alphabetical'; order: 'asc' | 'desc' };

/** The category row, its owner and its card statistics, computed in the same statement. */
const selectWithStats = (db: Executor, learnedThreshold: number, now: Date) => {
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
      // Spaced review: at most one review row per card, so the counts above stay per card.
      dueReview:
        sql<number>`count(*) filter (where ${cardReviews.due} <= ${now.toISOString()}::timestamptz)::int`.as(
          'due_review',
        ),
      newReview: sql<number>`count(*) filter (where ${cardReviews.cardId} is null)::int`.as('new_review'),
    })
    .from(cards)
    // The owner's memory of the cards.
    .leftJoin(cardReviews, and(eq(cardReviews.cardId, cards.id), eq(cardReviews.userId, categories.userId)))
    .where(eq(cards.categoryId, categories.id))
    .as('stats');
  return (
    db
      .select({
        category: categories,
        owner: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          avatar: users.avatar,
        },
        source: { categoryId: source.categoryId, versionId: source.versionId },
        stats: {
          cardsLen: stats.cardsLen,
          learnedVerbal: stats.learnedVerbal,
          learnedTyping: stats.learnedTyping,
          guesses: stats.guesses,
          incorrect: stats.incorrect,
          guessesTyping: stats.guessesTyping,
          incorrectTyping: stats.incorrectTyping,
          dueReview: stats.dueReview,
          newReview: stats.newReview,
        },
      })
      .from(categories)
      .innerJoin(users, eq(users.id, categories.userId))
      .leftJoinLateral(stats, sql`true`)
      // An adopted copy: its source's catalog row, while the source is on the catalog.
      .leftJoin(source, eq(source.categoryId, categories.adoptedFromId))
  );
};

const source = alias(marketListings, 'source');

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
  options: { sort: CategorySort; limit?: number; offset?: number; learnedThreshold: number; now: Date },
) => {
  const query = selectWithStats(db, options.learnedThreshold, options.now)
    .where(whereOf(filter))
    .orderBy(...orderOf(options.sort))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  return query;
};

export const findCategoryWithStats = async (
  db: Executor,
  id: number,
  learnedThreshold: number,
  now: Date,
) => {
  const [row] = await selectWithStats(db, learnedThreshold, now).where(eq(categories.id, id));
  return row;
};

export const findCategory = async (db: Executor, id: number) => {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  return row;
};

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

/**
 * Storage keys of the pictures and sounds of a category's cards and of its catalog versions' cards (to
 * delete the files with it); `shared` are the pictures of its image occlusion cards, which cards elsewhere
 * may share (one moved to another category).
 */
export const mediaKeysOfCategory = async (db: Executor, categoryId: number) => {
  const rows = await db
    .select({
      kind: categories.typeOfCards,
      image: cards.firstSide,
      audio: cards.audio,
      shared: sql<boolean>`${cards.occlusion} is not null`,
    })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId))
    .where(eq(cards.categoryId, categoryId))
    .unionAll(
      db
        .select({
          kind: marketVersions.typeOfCards,
          image: marketVersionCards.firstSide,
          audio: marketVersionCards.audio,
          shared: sql<boolean>`false`,
        })
        .from(marketVersionCards)
        .innerJoin(marketVersions, eq(marketVersions.id, marketVersionCards.versionId))
        .where(eq(marketVersions.categoryId, categoryId)),
    );
  const pictures = rows.filter((row) => row.kind !== 'text');
  return {
    images: [...new Set(pictures.filter((row) => !row.shared).map((row) => row.image))],
    shared: [...new Set(pictures.filter((row) => row.shared).map((row) => row.image))],
    audios: [...new Set(rows.flatMap((row) => (row.audio ? [row.audio] : [])))],
  };
};

/**
 * The content of a category changed (a card created, edited, deleted or uploaded, a merge, its name or
 * description): called in the transaction of the change. Raises the revision; a category approved on the
 * catalog goes back to review, while its approved version stays on the catalog. Practice scores are not
 * content.
 */
export const markContentChanged = (db: Executor, categoryId: number, now: Date) =>
  db
    .update(categories)
    .set({
      revision: sql`${categories.revision} + 1`,
      marketApprovement: sql`case when ${categories.marketApprovement} = 'approved' and ${categories.marketAccessible} then 'pending'::market_approvement else ${categories.marketApprovement} end`,
      marketSubmittedAt: sql`case when ${categories.marketApprovement} = 'approved' and ${categories.marketAccessible} then ${now.toISOString()}::timestamptz else ${categories.marketSubmittedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(categories.id, categoryId));

export const deleteCategory = (db: Executor, id: number) =>
  db.delete(categories).where(eq(categories.id, id));
