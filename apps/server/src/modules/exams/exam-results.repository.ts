import { answerKeySchema, questionKindSchema, questionSettingsSchema } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { column, idRow, rowsOf } from '../../db/rows';
import { reachableBy } from '../../lib/people';
import { type ExamListFilter, endsAt, examFilter } from './exams.repository';

const analysisRow = z.object({
  id: z.number(),
  test_id: z.number(),
  test_name: z.string(),
  position: z.number(),
  question_text: z.string(),
  answer_a: z.string(),
  answer_b: z.string(),
  answer_c: z.string(),
  answer_d: z.string(),
  kind: questionKindSchema,
  correct_answer: answerKeySchema.nullable(),
  settings: questionSettingsSchema.nullable(),
  score_value: z.number(),
  picture: z.string().nullable(),
  taken: z.number(),
  chose_a: z.number(),
  chose_b: z.number(),
  chose_c: z.number(),
  chose_d: z.number(),
  answered: z.number(),
  correct: z.number(),
});
export type AnalysisRow = z.infer<typeof analysisRow>;

/**
 * Per question of the tests of the completed exams the filter selects: how many of those exams had it,
 * the choices of each answer and the right ones, hardest first (lowest share right), in one statement.
 */
export const examAnalysis = async (db: Executor, filter: ExamListFilter, limit: number) => {
  // A `multiple` answer chose each letter its response holds.
  const chose = (key: string) =>
    sql.raw(`count(a.exam_id) filter (where a.student_answer = '${key}' or a.response @> '["${key}"]')::int`);
  // Right: all the question's points (a partial credit is not counted as right).
  const correct = sql`count(a.exam_id) filter (where a.points = q.score_value)::int`;
  const rows = await rowsOf(
    db,
    sql`with sel as (select e.id, e.test_id from exams e
          where ${examFilter(filter)} and e.completed_at is not null),
        taken as (select test_id, count(*)::int as taken from sel group by test_id)
      select q.id, q.test_id, t.name as test_name, q.position, q.question_text, q.answer_a, q.answer_b,
        q.answer_c, q.answer_d, q.kind, q.correct_answer, q.settings, q.score_value, q.picture,
        tk.taken,
        ${chose('a')} as chose_a, ${chose('b')} as chose_b, ${chose('c')} as chose_c, ${chose('d')} as chose_d,
        count(a.exam_id)::int as answered, ${correct} as correct
      from taken tk join test_questions q on q.test_id = tk.test_id join school_tests t on t.id = q.test_id
        left join exam_answers a on a.question_id = q.id and a.exam_id in (select id from sel)
      group by q.id, t.name, tk.taken
      order by ${correct}::float8 / tk.taken, q.test_id, q.position, q.id
      limit ${limit}`,
    analysisRow,
  );
  const counted = await rowsOf(
    db,
    sql`select count(*)::int as n from exams e where ${examFilter(filter)} and e.completed_at is not null`,
    z.object({ n: z.number() }),
  );
  return { examsCount: counted[0]!.n, rows };
};

const resultRow = z.object({
  id: z.number(),
  student_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  test_id: z.number(),
  test_name: z.string(),
  start_at: column.time,
  end_at: column.time,
  ends_at: column.time,
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  score: z.number().nullable(),
  grade: z.number().nullable(),
  total_score: z.number(),
});
export type ResultRow = z.infer<typeof resultRow>;

/** The exams the filter selects by student name (then test and id), with what a results sheet shows. */
export const examResults = (db: Executor, filter: ExamListFilter, limit: number) =>
  rowsOf(
    db,
    sql`select e.id, e.student_id, s.first_name, s.last_name, s.avatar, e.test_id, t.name as test_name,
        e.start_at, e.end_at, ${endsAt('e')} as ends_at, e.started_at, e.completed_at, e.score, e.grade,
        (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = e.test_id)
          as total_score
      from exams e join school_tests t on t.id = e.test_id join users s on s.id = e.student_id
      where ${examFilter(filter)}
      order by lower(s.last_name), lower(s.first_name), s.id, t.name_key, e.id
      limit ${limit}`,
    resultRow,
  );

// ------------------------------------------------------------------------------------------ colleagues

const colleagueCondition = (me: number) =>
  sql`${reachableBy(me)} and ("users"."is_teacher" or "users"."is_organization_host")
    and exists (select 1 from users mc where mc.id = ${me} and mc.school_id = "users"."school_id"
      and (mc.is_teacher or mc.is_organization_host))`;

const colleagueRow = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  is_principal: z.boolean(),
});
export type ColleagueRow = z.infer<typeof colleagueRow>;

/** The teachers and principals of the school where I teach or lead (none when I do neither), by name. */
export const colleagues = (db: Executor, me: number, limit: number) =>
  rowsOf(
    db,
    sql`select "users"."id", "users"."first_name", "users"."last_name", "users"."avatar",
        "users"."is_organization_host" as is_principal
      from users "users" where ${colleagueCondition(me)}
      order by lower("users"."last_name"), lower("users"."first_name"), "users"."id" limit ${limit}`,
    colleagueRow,
  );

/** Whether this person is my colleague: a teacher or principal of the school where I teach or lead. */
export const isColleague = async (db: Executor, me: number, person: number) =>
  (
    await rowsOf(
      db,
      sql`select "users"."id" from users "users" where "users"."id" = ${person} and ${colleagueCondition(me)}`,
      idRow,
    )
  ).length > 0;

// ------------------------------------------------------------------------------------------ gradebook

const gradebookRow = z.object({
  student_id: z.number(),
  test_id: z.number(),
  /** The class's or group's assignment the exam is part of: its own column, apart from the test's others. */
  assignment_id: z.number().nullable(),
  test_name: z.string(),
  /** The earliest window's start of the column among these students: the column's date and order. */
  first_start: column.time,
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  ends_at: column.time,
  grade: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof gradebookRow>;

/**
 * The columns of a gradebook and their cells, in one statement: the exams these students got from
 * teachers and principals of the school with a window starting in [from, to). A column is an exam given
 * to a class or a group as one assignment, and otherwise a test (the exams given to named students);
 * columns are ordered by their earliest window's start. A student with several exams of one column shows
 * the graded one, else the latest.
 */
export const gradebookExams = (
  db: Executor,
  scope: { studentIds: number[]; schoolId: number; from: Date; to: Date },
) =>
  scope.studentIds.length === 0
    ? Promise.resolve([])
    : rowsOf(
        db,
        sql`with picked as (
            select distinct on (e.student_id, e.test_id, e.assignment_id) e.student_id, e.test_id,
              e.assignment_id, e.start_at, e.started_at, e.completed_at, ${endsAt('e')} as ends_at, e.grade
            from exams e join users tu on tu.id = e.teacher_id
            where e.student_id in ${scope.studentIds} and tu.school_id = ${scope.schoolId}
              and e.start_at >= ${scope.from} and e.start_at < ${scope.to}
            order by e.student_id, e.test_id, e.assignment_id, e.grade is not null desc, e.start_at desc, e.id desc)
          select p.student_id, p.test_id, p.assignment_id, t.name as test_name,
            min(p.start_at) over (partition by p.test_id, p.assignment_id) as first_start,
            p.started_at, p.completed_at, p.ends_at, p.grade
          from picked p join school_tests t on t.id = p.test_id
          order by first_start, p.test_id, p.assignment_id nulls first, p.student_id`,
        gradebookRow,
      );
