import type { AiCard } from '@flashcards/contract';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aiTasks } from '../../db/schema';

export type AiTaskKind = 'text' | 'images';
export type AiTaskRow = typeof aiTasks.$inferSelect;

const unfinished = inArray(aiTasks.status, ['PENDING', 'STARTED']);

/** The user's generations of the kind still running (not past their time), for the quota. */
export const countRunningTasks = async (db: Executor, userId: number, kind: AiTaskKind, now: Date) => {
  const [running] = await db
    .select({ n: count() })
    .from(aiTasks)
    .where(and(eq(aiTasks.userId, userId), eq(aiTasks.kind, kind), unfinished, gt(aiTasks.expiresAt, now)));
  return running?.n ?? 0;
};

export const insertTask = (db: Executor, task: typeof aiTasks.$inferInsert) =>
  db.insert(aiTasks).values(task);

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
