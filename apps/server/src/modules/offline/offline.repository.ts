import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cards, categories, offlineAnswers } from '../../db/schema';

export type OfflineAnswerStatus = (typeof offlineAnswers.$inferSelect)['status'];

/** A learner's syncs wait for each other: the lock's first key names them. */
const SYNC_LOCK = 7_302;
export const lockLearner = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK}::integer, ${userId}::integer)`);

/** The statuses of the answers of these ids the learner sent before. */
export const statusesOf = async (db: Executor, userId: number, ids: string[]) =>
  new Map(
    (
      await db
        .select({ id: offlineAnswers.id, status: offlineAnswers.status })
        .from(offlineAnswers)
        .where(and(eq(offlineAnswers.userId, userId), inArray(offlineAnswers.id, ids)))
    ).map((row) => [row.id, row.status]),
  );

/** The kind of each of these cards that is the learner's own. */
export const ownCardKinds = async (db: Executor, userId: number, cardIds: number[]) =>
  new Map(
    (
      await db
        .select({ id: cards.id, kind: categories.typeOfCards })
        .from(cards)
        .innerJoin(categories, eq(categories.id, cards.categoryId))
        .where(and(eq(categories.userId, userId), inArray(cards.id, cardIds)))
    ).map((row) => [row.id, row.kind]),
  );

export const record = (
  db: Executor,
  rows: { userId: number; id: string; status: OfflineAnswerStatus; answeredAt: Date; syncedAt: Date }[],
) => (rows.length === 0 ? undefined : db.insert(offlineAnswers).values(rows).onConflictDoNothing());

/** Forgets the ids of answers given before `before`: sent again, they would be refused as too old. */
export const forgetBefore = async (db: Executor, before: Date) =>
  (
    await db
      .delete(offlineAnswers)
      .where(lt(offlineAnswers.answeredAt, before))
      .returning({ id: offlineAnswers.id })
  ).length;
