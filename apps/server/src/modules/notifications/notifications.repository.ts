import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { examReviewAt } from '../../db/exam-times';
import { paginate, rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema';

export type NotificationValues = Record<string, string | number>;
export type NotificationInsert = typeof notifications.$inferInsert;

export const insertNotifications = (db: Executor, rows: NotificationInsert[]) =>
  db.insert(notifications).values(rows);

/** My notifications, newest first, with their count. */
export const notificationsPage = (db: Executor, recipientId: number, limit: number, offset: number) =>
  paginate(
    db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(notifications).where(eq(notifications.recipientId, recipientId)),
  );

/** How many of my notifications are unread, per kind. */
export const unreadByKind = (db: Executor, recipientId: number) =>
  db
    .select({ kind: notifications.kind, total: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .groupBy(notifications.kind);

export const findNotification = async (db: Executor, id: number) => {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
};

export const markRead = (db: Executor, id: number, at: Date) =>
  db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));

/** Marks the person's unread notifications read: all, or those of these kinds. */
export const markAllRead = (db: Executor, recipientId: number, at: Date, kinds?: string[]) =>
  db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
        kinds ? inArray(notifications.kind, kinds) : undefined,
      ),
    );

/** The person's notifications the digests have not taken yet, oldest first. */
export const unmailed = (db: Executor, recipientId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.mailedAt)))
    .orderBy(notifications.id);

export const markMailed = (db: Executor, ids: number[], at: Date) =>
  db.update(notifications).set({ mailedAt: at }).where(inArray(notifications.id, ids));

const recipientRow = z.object({ recipient_id: z.number() });

/**
 * The notices of exams that open within `soon` of now, for their students: once per exam (the unique
 * index), whenever the sweep runs. In-app only: a digest would come after the exam opened.
 */
export const insertExamsSoon = (db: Executor, now: Date, soon: Date) =>
  rowsOf(
    db,
    sql`insert into notifications (recipient_id, kind, values, created_at, mailed_at)
      select e.student_id, 'exam_soon', jsonb_build_object('exam', e.id, 'name', t.name),
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from exams e join school_tests t on t.id = e.test_id
      where e.start_at > ${now.toISOString()}::timestamptz and e.start_at <= ${soon.toISOString()}::timestamptz
        and e.started_at is null
      on conflict do nothing
      returning recipient_id`,
    recipientRow,
  );

/**
 * The notices of exams whose results opened to their students (docs/design.md "Exams are graded by the
 * server": at the end plus the largest extra time of the same test and end), for those who sat them,
 * once per exam. Exams that ended more than `since` ago are not looked at again.
 */
export const insertResultsPublished = (db: Executor, now: Date, since: Date) =>
  rowsOf(
    db,
    sql`insert into notifications (recipient_id, kind, values, created_at)
      select e.student_id, 'results_published', jsonb_build_object('exam', e.id, 'name', t.name),
        ${now.toISOString()}::timestamptz
      from exams e join school_tests t on t.id = e.test_id
      where e.show_results_after_end and e.started_at is not null
        and e.end_at > ${since.toISOString()}::timestamptz and e.end_at <= ${now.toISOString()}::timestamptz
        and ${examReviewAt('e')} <= ${now.toISOString()}::timestamptz
      on conflict do nothing
      returning recipient_id`,
    recipientRow,
  );

/** The people whose oldest notification not yet mailed was made by `due`. */
export const digestsDue = async (db: Executor, due: Date) =>
  (
    await db
      .select({ recipientId: notifications.recipientId })
      .from(notifications)
      .where(isNull(notifications.mailedAt))
      .groupBy(notifications.recipientId)
      .having(sql`min(${notifications.createdAt}) <= ${due.toISOString()}::timestamptz`)
  ).map((row) => row.recipientId);
