import { HOME_AHEAD_DAYS, HOME_LIST_MAX, HOME_RECENT_DAYS } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { examEndsAt, examReviewAt } from '../../db/exam-times';
import { column, rowsOf } from '../../db/rows';

// The home reads other modules' tables, never writes them: one statement per section, each bounded by
// the person's own rows through an index (docs/design.md "The home").

const ahead = sql.raw(`interval '${HOME_AHEAD_DAYS} days'`);
const recent = sql.raw(`interval '${HOME_RECENT_DAYS} days'`);

const endsAt = examEndsAt('e');

/** Whether the person has made a test, an exam or a learning path: each an index's first entry. */
export const usesTeacherTools = async (db: Executor, userId: number) => {
  const [row] = await rowsOf(
    db,
    sql`select exists (select 1 from school_tests where created_by_id = ${userId})
        or exists (select 1 from learning_paths where created_by_id = ${userId})
        or exists (select 1 from exams where teacher_id = ${userId}) as uses`,
    z.object({ uses: z.boolean() }),
  );
  return row?.uses ?? false;
};

const offerRow = z.object({
  id: z.number(),
  category_name: z.string(),
  sender_first_name: z.string(),
  sender_last_name: z.string(),
  created_at: column.time,
  total: z.number(),
});

/** The newest offers waiting for me, each with the count of all of them (the inbox's index). */
export const waitingOffers = (db: Executor, userId: number) =>
  rowsOf(
    db,
    sql`select o.id, c.name as category_name, s.first_name as sender_first_name,
          s.last_name as sender_last_name, o.created_at, count(*) over ()::int as total
        from private_offers o join categories c on c.id = o.category_id join users s on s.id = o.sender_id
        where o.receiver_id = ${userId} and o.status = 'pending'
        order by o.created_at desc, o.id desc limit ${HOME_LIST_MAX}`,
    offerRow,
  );

const pathRow = z.object({
  id: z.number(),
  name: z.string(),
  category_name: z.string(),
  type_of_cards: z.enum(['text', 'picture', 'kids']),
  end_at: column.day,
  daily_flip_target: z.number(),
  daily_learn_target: z.number(),
  flips_today: z.number(),
  learned_today: z.number(),
  completed: z.boolean(),
});

/** My paths running today with today's progress in their modes: those still to do first, then by end. */
export const pathsOfToday = (db: Executor, userId: number, today: string) =>
  rowsOf(
    db,
    sql`select p.id, p.name, c.name as category_name, c.type_of_cards, p.end_at::text as end_at,
          p.daily_flip_target, p.daily_learn_target,
          coalesce(case when p.verbal then pr.flips_verbal else 0 end
            + case when p.typing then pr.flips_typing else 0 end, 0)::int as flips_today,
          coalesce(case when p.verbal then pr.learned_verbal else 0 end
            + case when p.typing then pr.learned_typing else 0 end, 0)::int as learned_today,
          ((not p.verbal or p.completed_verbal) and (not p.typing or p.completed_typing)) as completed
        from learning_paths p join categories c on c.id = p.category_id
        left join learning_path_progress pr on pr.path_id = p.id and pr.day = ${today}::date
        where p.assigned_user_id = ${userId} and p.start_at <= ${today}::date and p.end_at >= ${today}::date
        order by completed, p.end_at, p.id limit ${HOME_LIST_MAX}`,
    pathRow,
  );

const studentExamRow = z.object({
  id: z.number(),
  test_name: z.string(),
  start_at: column.time,
  ends_at: column.time,
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  score: z.number().nullable(),
  grade: z.number().nullable(),
  show_results_after_end: z.boolean(),
  review_at: column.time,
  total_score: z.number(),
});
export type StudentExamRow = z.infer<typeof studentExamRow>;

/**
 * My exams that are not over and start within the days ahead, and those completed within the recent
 * days (whose results may have come): the student's index, newest first, then bounded by time.
 */
export const examsOfStudent = (db: Executor, userId: number, now: Date) =>
  rowsOf(
    db,
    sql`select e.id, t.name as test_name, e.start_at, ${endsAt} as ends_at, e.started_at, e.completed_at,
          e.score, e.grade, e.show_results_after_end,
          ${examReviewAt('e')} as review_at,
          (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = e.test_id)
            as total_score
        from exams e join school_tests t on t.id = e.test_id
        where e.student_id = ${userId}
          and ((e.completed_at is null and ${endsAt} > ${now} and e.start_at < ${now}::timestamptz + ${ahead})
            or e.completed_at > ${now}::timestamptz - ${recent}
            or (e.show_results_after_end and e.completed_at is not null
              and e.end_at > ${now}::timestamptz - ${recent}))
        order by e.start_at, e.id`,
    studentExamRow,
  );

const learnerRow = z.object({
  due_cards_len: z.number(),
  categories_count: z.number(),
  answers_today: z.number(),
  streak_days: z.number(),
  continue_category: z
    .object({ id: z.number(), name: z.string(), type_of_cards: z.enum(['text', 'picture', 'kids']) })
    .nullable(),
});

/**
 * A learner's day in one statement: due review cards, categories, today's answers, the streak of days
 * with answers up to today (or yesterday) and the category whose cards were answered or changed last.
 */
export const learnerDay = async (db: Executor, userId: number, now: Date, today: string) => {
  const [row] = await rowsOf(
    db,
    sql`select
        (select count(*)::int from card_reviews r join cards c on c.id = r.card_id
          join categories g on g.id = c.category_id
          where r.user_id = ${userId} and g.user_id = ${userId} and g.type_of_cards in ('text', 'picture') and r.due <= ${now})
          as due_cards_len,
        (select count(*)::int from categories where user_id = ${userId}) as categories_count,
        coalesce((select card_requests from user_activity where user_id = ${userId} and day = ${today}::date), 0)
          as answers_today,
        (with days as (
            select day, row_number() over (order by day desc)::int as n from user_activity
            where user_id = ${userId} and card_requests > 0 and day <= ${today}::date),
          latest as (select max(day) as day from days)
          select count(*)::int from days, latest
          where latest.day >= ${today}::date - 1 and days.day = latest.day - (days.n - 1)) as streak_days,
        (select row_to_json(g) from (
            select g.id, g.name, g.type_of_cards from categories g
            left join lateral (select max(c.updated_at) as at from cards c where c.category_id = g.id) l on true
            where g.user_id = ${userId}
            order by l.at desc nulls last, g.created_at desc, g.id desc limit 1) g) as continue_category`,
    learnerRow,
  );
  return row!;
};

const sittingRow = z.object({
  test_id: z.number(),
  test_name: z.string(),
  start_at: column.time,
  end_at: column.time,
  students: z.number(),
  started: z.number(),
  completed: z.number(),
});

/**
 * The sittings I gave (a test with one window) that run now, start within the days ahead or ended within
 * the recent days, with their counts: the teacher's index, bounded by the windows.
 */
export const sittingsOfTeacher = (db: Executor, userId: number, now: Date) =>
  rowsOf(
    db,
    sql`select e.test_id, t.name as test_name, e.start_at, e.end_at, count(*)::int as students,
          count(e.started_at)::int as started, count(e.completed_at)::int as completed
        from exams e join school_tests t on t.id = e.test_id
        where e.teacher_id = ${userId} and e.start_at < ${now}::timestamptz + ${ahead}
          and e.end_at > ${now}::timestamptz - ${recent}
        group by e.test_id, t.name, e.start_at, e.end_at
        order by e.start_at, e.test_id`,
    sittingRow,
  );

const classRow = z.object({
  id: z.number(),
  name: z.string(),
  students: z.number(),
  active_students: z.number(),
  path_answers: z.number(),
});

/** The classes I teach, with how many of their students worked since `weekStart` and their path answers. */
export const classesOfTeacher = (db: Executor, userId: number, weekStart: string) =>
  rowsOf(
    db,
    sql`select k.id, k.name, count(s.id)::int as students,
          count(s.id) filter (where w.answers > 0 or w.practised)::int as active_students,
          coalesce(sum(w.answers), 0)::int as path_answers
        from class_teachers ct join school_classes k on k.id = ct.class_id
        left join users s on s.school_class_id = k.id and s.is_student
        left join lateral (
          select (select coalesce(sum(pr.flips_verbal + pr.flips_typing), 0)::int
              from learning_paths p join learning_path_progress pr on pr.path_id = p.id
              where p.assigned_user_id = s.id and pr.day >= ${weekStart}::date) as answers,
            exists (select 1 from user_activity a
              where a.user_id = s.id and a.day >= ${weekStart}::date and a.card_requests > 0) as practised
        ) w on true
        where ct.teacher_id = ${userId}
        group by k.id, k.name
        order by lower(k.name), k.id`,
    classRow,
  );

const schoolRow = z.object({
  id: z.number(),
  name: z.string(),
  seats: z.number(),
  classes: z.number(),
  students: z.number(),
  teachers: z.number(),
  teachers_this_week: z.array(
    z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      paths: z.number(),
      exams: z.number(),
    }),
  ),
});

/**
 * The school at a glance in one statement: its classes, members and seats, and each teacher's paths
 * given in the week from `weekStart` (by category, as a teacher counts them) and sittings whose window
 * meets it; the week's days are those of `timeZone`.
 */
export const schoolAtAGlance = async (
  db: Executor,
  schoolId: number,
  weekStart: string,
  timeZone: string,
) => {
  const start = sql`(${weekStart}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${weekStart}::date + 7)::timestamp at time zone ${timeZone})`;
  const [row] = await rowsOf(
    db,
    sql`select sc.id, sc.name, sc.available_students as seats,
        (select count(*)::int from school_classes k where k.school_id = sc.id) as classes,
        (select count(*)::int from users m where m.school_id = sc.id and m.is_student) as students,
        (select count(*)::int from users m where m.school_id = sc.id and m.is_teacher) as teachers,
        coalesce((select json_agg(x order by x.paths + x.exams desc, x.last_name, x.first_name, x.id) from (
          select m.id, m.first_name, m.last_name,
            (select count(distinct p.category_id)::int from learning_paths p
              where p.created_by_id = m.id and p.created_at >= ${start} and p.created_at < ${end}) as paths,
            (select count(*)::int from (select distinct e.test_id, e.end_at from exams e
              where e.teacher_id = m.id and e.start_at < ${end} and e.end_at >= ${start}) d) as exams
          from users m where m.school_id = sc.id and m.is_teacher) x), '[]') as teachers_this_week
      from schools sc where sc.id = ${schoolId}`,
    schoolRow,
  );
  return row;
};
