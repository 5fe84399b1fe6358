import type { AiCard } from '@flashcards/contract';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aiTasks } from '../../db/schema';

export type AiTaskKind = 'text' | 'images';
export type AiTaskRow = typeof aiTasks.$inferSelect;

const unfinished = inArray(aiTasks.status, ['PENDING', 'STARTED']);

/** Quota decisions of one user wait on each other (a lock apart from every other lock). */
const QUOTA_LOCK_SPACE = 7401;

/**
 * Inserts a task unless the user's finished generations this month plus the ones still running reach
 * the quota; false when refused. One decision per user at a time, so a burst cannot pass the quota.
 */
export const insertTaskWithinQuota = (
  db: Executor,
  task: typeof aiTasks.$inferInsert,
  quota: { used: number; limit: number; now: Date },
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}::int, ${task.userId}::int)`);
    const [running] = await tx
      .select({ n: count() })
      .from(aiTasks)
      .where(
        and(
          eq(aiTasks.userId, task.userId),
          eq(aiTasks.kind, task.kind),
          unfinished,
          gt(aiTasks.expiresAt, quota.now),
        ),
      );
    if (quota.used + (running?.n ?? 0) >= quota.limit) return false;
    await tx.insert(aiTasks).values(task);
    return true;
  });

export const findTask = async (db: Executor, id: string) => {
  const [task] = await db.select().from(aiTasks).where(eq(aiTasks.id, id));
  return task;
};

export const markStarted = (db: Executor, id: string) =>
  db
    .update(aiTasks)
    .set({ status: 'STARTED' })
    .where(and(eq(aiTasks.id, id), unfinished));

/** Ends a task that is still running; false when it had ended already (a repeated job). */
export const finishTask = async (
  db: Executor,
  id: string,
  outcome: { status: 'SUCCESS'; cards: AiCard[] } | { status: 'FAILURE'; error: string },
  now: Date,
) => {
  const ended = await db
    .update(aiTasks)
    .set({ ...outcome, finishedAt: now })
    .where(and(eq(aiTasks.id, id), unfinished))
    .returning({ id: aiTasks.id });
  return ended.length > 0;
};
