import { and, count, desc, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards, categories, categoryCompletions, userActivity } from '../../db/schema';
import type { CardKind } from '../categories/categories.repository';

export type ScoreColumn =
  | 'guessesScore'
  | 'incorrectGuessesScore'
  | 'guessesScoreTyping'
  | 'incorrectGuessesScoreTyping';

/**
 * Adds one to a score of the user's own card of this kind, in one statement (so simultaneous answers are
 * all counted); undefined when there is no such card.
 */
export const incrementScore = async (
  db: Executor,
  target: { cardId: number; userId: number; kind: CardKind },
  column: ScoreColumn,
) => {
  const [row] = await db
    .update(cards)
    .set({ [column]: sql`${cards[column]} + 1`, updatedAt: sql`now()` })
    .from(categories)
    .where(
      and(
        eq(cards.id, target.cardId),
        eq(categories.id, cards.categoryId),
        eq(categories.userId, target.userId),
        eq(categories.typeOfCards, target.kind),
      ),
    )
    .returning(getTableColumns(cards));
  return row;
};

export const incrementListens = async (db: Executor, target: { cardId: number; userId: number }) => {
  const [row] = await db
    .update(cards)
    .set({ listenCounts: sql`${cards.listenCounts} + 1` })
    .from(categories)
    .where(
      and(
        eq(cards.id, target.cardId),
        eq(categories.id, cards.categoryId),
        eq(categories.userId, target.userId),
        eq(categories.typeOfCards, 'kids'),
      ),
    )
    .returning(getTableColumns(cards));
  return row;
};

/**
 * Counts one answer in the day's activity. With a limit, the row is only updated below it: no row back
 * means the limit was already reached (decided in one statement, so concurrent answers cannot pass it).
 */
export const countAnswer = async (
  db: Executor,
  entry: { userId: number; day: string; learnedVerbal: number; learnedTyping: number },
  limit: number | null,
) => {
  const rows = await db
    .insert(userActivity)
    .values({
      userId: entry.userId,
      day: entry.day,
      cardRequests: 1,
      learnedCardsVerbal: entry.learnedVerbal,
      learnedCardsTyping: entry.learnedTyping,
    })
    .onConflictDoUpdate({
      target: [userActivity.userId, userActivity.day],
      set: {
        cardRequests: sql`${userActivity.cardRequests} + 1`,
        learnedCardsVerbal: sql`${userActivity.learnedCardsVerbal} + ${entry.learnedVerbal}`,
        learnedCardsTyping: sql`${userActivity.learnedCardsTyping} + ${entry.learnedTyping}`,
      },
      setWhere: limit === null ? undefined : lt(userActivity.cardRequests, limit),
    })
    .returning({ cardRequests: userActivity.cardRequests });
  return rows[0];
};

export const answersOfDay = async (db: Executor, userId: number, day: string) => {
  const [row] = await db
    .select({ cardRequests: userActivity.cardRequests })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.day, day)));
  return row?.cardRequests ?? 0;
};

export const unlearnedCount = async (
  db: Executor,
  categoryId: number,
  column: ScoreColumn,
  threshold: number,
) => {
  const [row] = await db
    .select({ total: count() })
    .from(cards)
    .where(and(eq(cards.categoryId, categoryId), lt(cards[column], threshold)));
  return row?.total ?? 0;
};

/** Records a category completed in a mode; true only the first time. */
export const recordCompletion = async (db: Executor, categoryId: number, mode: 'verbal' | 'typing') => {
  const rows = await db
    .insert(categoryCompletions)
    .values({ categoryId, mode })
    .onConflictDoNothing()
    .returning({ categoryId: categoryCompletions.categoryId });
  return rows.length === 1;
};

export const addCompletion = (db: Executor, userId: number, day: string, mode: 'verbal' | 'typing') =>
  db
    .update(userActivity)
    .set(
      mode === 'verbal'
        ? { completedCategoriesVerbal: sql`${userActivity.completedCategoriesVerbal} + 1` }
        : { completedCategoriesTyping: sql`${userActivity.completedCategoriesTyping} + 1` },
    )
    .where(and(eq(userActivity.userId, userId), eq(userActivity.day, day)));

export const activityOf = (db: Executor, userId: number) =>
  db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .orderBy(desc(userActivity.day))
    .limit(366);

const badgeMeasures = {
  cards_per_day: userActivity.cardRequests,
  learned_verbal: userActivity.learnedCardsVerbal,
  learned_typing: userActivity.learnedCardsTyping,
  completed_category_verbal: userActivity.completedCategoriesVerbal,
  completed_category_typing: userActivity.completedCategoriesTyping,
} as const;

/**
 * Every badge the user's days reach, with the first such day and the number of such days: one
 * statement, the activity joined to the list of (kind, threshold) pairs.
 */
export const badgesOf = async (
  db: Executor,
  userId: number,
  thresholds: Record<keyof typeof badgeMeasures, readonly number[]>,
) => {
  const kinds = Object.keys(badgeMeasures) as (keyof typeof badgeMeasures)[];
  const pairs = kinds.flatMap((kind) =>
    thresholds[kind].map((threshold) => sql`(${kind}, ${threshold}::integer)`),
  );
  const measure = sql.join(
    kinds.map((kind) => sql`when ${kind} then ${badgeMeasures[kind]}`),
    sql` `,
  );
  // Both drivers (PGlite and node-postgres) answer raw statements with `rows`.
  const { rows } = (await db.execute(sql`
    select badge.kind, badge.threshold, min(${userActivity.day})::text as earned_on, count(*)::integer as times
    from ${userActivity}
    join (values ${sql.join(pairs, sql`, `)}) as badge(kind, threshold)
      on (case badge.kind::text ${measure} end) >= badge.threshold
    where ${userActivity.userId} = ${userId}
    group by badge.kind, badge.threshold`)) as unknown as {
    rows: { kind: string; threshold: number; earned_on: string; times: number }[];
  };
  return rows;
};
