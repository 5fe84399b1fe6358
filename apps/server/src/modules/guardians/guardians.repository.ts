import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { column, rowsOf } from '../../db/rows';
import {
  exams,
  guardians,
  learningPathProgress,
  learningPaths,
  schools,
  schoolTests,
  userActivity,
  users,
} from '../../db/schema';

export type GuardianRow = typeof guardians.$inferSelect;

/** The student a guardian belongs to, as the rules need them. */
export const findStudent = async (db: Executor, id: number) => {
  const [row] = await db
    .select({
      id: users.id,
      schoolId: users.schoolId,
      isStudent: users.isStudent,
      language: users.language,
      firstName: users.firstName,
      lastName: users.lastName,
      school: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, id));
  return row;
};

export const guardianOf = async (db: Executor, studentId: number) => {
  const [row] = await db.select().from(guardians).where(eq(guardians.studentId, studentId));
  return row;
};

/** The guardians of a school's students, by student. */
export const guardiansOfSchool = (db: Executor, schoolId: number) =>
  db
    .select({ guardian: guardians })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.studentId))
    .where(and(eq(users.schoolId, schoolId), eq(users.isStudent, true)))
    .orderBy(asc(guardians.studentId));

/** Replaces the student's guardian with a new one (its links and summaries start over). */
export const replaceGuardian = async (tx: Executor, row: typeof guardians.$inferInsert) => {
  await tx.delete(guardians).where(eq(guardians.studentId, row.studentId));
  const [created] = await tx.insert(guardians).values(row).returning();
  return created!;
};

export const deleteGuardian = async (db: Executor, studentId: number) => {
  const rows = await db
    .delete(guardians)
    .where(eq(guardians.studentId, studentId))
    .returning({ id: guardians.id });
  return rows.length > 0;
};

/** The guardian a link's token names, with the student's name. */
export const guardianByToken = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select({ guardian: guardians, firstName: users.firstName, lastName: users.lastName })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.studentId))
    .where(eq(guardians.tokenHash, tokenHash));
  return row;
};

/** Confirms a waiting guardian; false when it was confirmed or unsubscribed meanwhile. */
export const confirm = async (db: Executor, id: number, at: Date) => {
  const rows = await db
    .update(guardians)
    .set({ confirmedAt: at })
    .where(
      and(
        eq(guardians.id, id),
        sql`${guardians.confirmedAt} is null`,
        sql`${guardians.unsubscribedAt} is null`,
      ),
    )
    .returning({ id: guardians.id });
  return rows.length === 1;
};

/** Unsubscribes the guardian (a repeat keeps the first moment). */
export const unsubscribe = (db: Executor, id: number, at: Date) =>
  db
    .update(guardians)
    .set({ unsubscribedAt: sql`coalesce(${guardians.unsubscribedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(guardians.id, id));

/** The week's summaries still to make: confirmed, subscribed guardians of active students, by id after `after`. */
export const dueGuardians = (
  db: Executor,
  { week, after, limit }: { week: string; after: number; limit: number },
) =>
  db
    .select({
      id: guardians.id,
      email: guardians.email,
      language: guardians.language,
      linkKey: guardians.linkKey,
      studentId: guardians.studentId,
      timeZone: users.timeZone,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(guardians)
    .innerJoin(users, eq(users.id, guardians.studentId))
    .where(
      and(
        sql`${guardians.confirmedAt} is not null and ${guardians.unsubscribedAt} is null`,
        sql`${guardians.id} > ${after}`,
        sql`(${guardians.summaryWeek} is null or ${guardians.summaryWeek} < ${week}::date)`,
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(guardians.id))
    .limit(limit);

/**
 * Records the week as sent for those of the guardians not yet sent it, and answers their ids: in the
 * transaction that queues their mails, so a week is queued once whatever stops the job.
 */
export const markWeekSent = async (tx: Executor, ids: number[], week: string) =>
  (
    await tx
      .update(guardians)
      .set({ summaryWeek: week })
      .where(
        and(
          sql`${guardians.id} = any(${`{${ids.join(',')}}`}::int[])`,
          sql`(${guardians.summaryWeek} is null or ${guardians.summaryWeek} < ${week}::date)`,
        ),
      )
      .returning({ id: guardians.id })
  ).map((row) => row.id);

/** A week: its first and last days (UTC dates) and its first moment. */
export type Week = { from: string; to: string; start: Date; now: Date };

const idList = (ids: number[]) => sql`any(${`{${ids.join(',')}}`}::int[])`;

/** The students' practice of the week: answers given and days with any. One statement for all. */
export const practiceOf = (db: Executor, students: number[], week: Week) =>
  rowsOf(
    db,
    sql`select ${userActivity.userId} as student_id,
          coalesce(sum(${userActivity.cardRequests}), 0)::int as cards,
          (count(*) filter (where ${userActivity.cardRequests} > 0))::int as days
        from ${userActivity}
        where ${userActivity.userId} = ${idList(students)}
          and ${userActivity.day} between ${week.from}::date and ${week.to}::date
        group by ${userActivity.userId}`,
    z.object({ student_id: z.number(), cards: z.number(), days: z.number() }),
  );

/**
 * The students' paths running in the week, each with the days of the week it ran (up to today), the cards
 * practised on them against its daily target, and the days below that target. One statement for all.
 */
export const pathsOf = (db: Executor, students: number[], week: Week & { today: string }) =>
  rowsOf(
    db,
    sql`select p.id, p.assigned_user_id as student_id, p.name, p.end_at::text as end_at,
          p.daily_flip_target as daily_target,
          count(d.day)::int as days,
          coalesce(sum(coalesce(g.flips_verbal, 0) + coalesce(g.flips_typing, 0)), 0)::int as cards,
          (count(d.day) filter (where coalesce(g.flips_verbal, 0) + coalesce(g.flips_typing, 0) < p.daily_flip_target))::int as days_behind
        from ${learningPaths} p
        cross join lateral generate_series(
          greatest(p.start_at, ${week.from}::date), least(p.end_at, ${week.today}::date), interval '1 day'
        ) as d(day)
        left join ${learningPathProgress} g on g.path_id = p.id and g.day = d.day::date
        where p.assigned_user_id = ${idList(students)}
          and p.start_at <= ${week.today}::date and p.end_at >= ${week.from}::date
        group by p.id
        order by p.assigned_user_id, p.end_at, p.id`,
    z.object({
      id: z.number(),
      student_id: z.number(),
      name: z.string(),
      end_at: column.day,
      daily_target: z.number(),
      days: z.number(),
      cards: z.number(),
      days_behind: z.number(),
    }),
  );

/**
 * The students' exams the summary names: coming in the next 7 days, missed this week (over, never started)
 * and graded this week (completed, over). One statement for all.
 */
export const examsOf = (db: Executor, students: number[], week: Week) => {
  const now = week.now.toISOString();
  const over = sql`(e.end_at + e.extra_minutes * interval '1 minute') <= ${now}::timestamptz`;
  return rowsOf(
    db,
    sql`select e.student_id, t.name, e.start_at, e.grade,
          case when e.start_at > ${now}::timestamptz then 'upcoming'
               when e.started_at is null then 'missed'
               else 'graded' end as kind
        from ${exams} e join ${schoolTests} t on t.id = e.test_id
        where e.student_id = ${idList(students)}
          and ((e.start_at > ${now}::timestamptz and e.start_at <= ${now}::timestamptz + interval '7 days')
            or (e.started_at is null and ${over} and e.end_at >= ${week.start.toISOString()}::timestamptz)
            or (e.grade is not null and ${over} and e.completed_at >= ${week.start.toISOString()}::timestamptz))
        order by e.student_id, e.start_at, e.id`,
    z.object({
      student_id: z.number(),
      name: z.string(),
      start_at: column.time,
      grade: z.number().nullable(),
      kind: z.enum(['upcoming', 'missed', 'graded']),
    }),
  );
};
