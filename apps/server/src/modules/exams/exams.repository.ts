import {
  type AnswerKey,
  answerKeySchema,
  EXAM_MAX_EXTRA_MINUTES,
  type ExamStatus,
  examEventKindSchema,
  type QuestionResponse,
  questionKindSchema,
  questionResponseSchema,
  questionSettingsSchema,
} from '@flashcards/contract';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { memberOfTarget, targetMemberships } from '../../db/assignment-targets';
import type { Executor } from '../../db/client';
import { examEndsAt, examReviewAt } from '../../db/exam-times';
import { column, countRows, idRow, paginate, rowsOf } from '../../db/rows';
import { examAssignments, exams, schoolTests, testQuestions } from '../../db/schema';
import type { PageWindow } from '../../lib/pagination';
import { matchesNameOrEmail } from '../../lib/people';

const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
/** An array of ids as one parameter (they are validated integers). */
const intArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
/** A value as one jsonb parameter (null stays SQL null). */
const jsonValue = (value: unknown) =>
  value === null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

// ---------------------------------------------------------------------------------------------- tests

const thresholdsRow = z.object({
  excellent_score: z.number(),
  very_good_score: z.number(),
  good_score: z.number(),
  satisfy_score: z.number(),
  fail_score: z.number(),
});

const testRow = thresholdsRow.extend({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  created_by_id: z.number(),
  created_at: column.time,
  updated_at: column.time,
  questions_count: z.number(),
  total_score: z.number(),
  exams_count: z.number(),
  is_locked: z.boolean(),
});
export type ThresholdsRow = z.infer<typeof thresholdsRow>;
export type TestRow = z.infer<typeof testRow>;

/** Whether a test has a started exam: its questions and thresholds then stay as they are. */
const lockedTest = (test: string) => sql.raw(`${test}.locked_at is not null`);

const testSelect = sql`t.id, t.name, t.description, t.created_by_id, t.created_at, t.updated_at,
  t.excellent_score, t.very_good_score, t.good_score, t.satisfy_score, t.fail_score,
  (select count(*)::int from test_questions q where q.test_id = t.id) as questions_count,
  (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = t.id) as total_score,
  (select count(*)::int from exams x where x.test_id = t.id) as exams_count,
  ${lockedTest('t')} as is_locked`;

export type TestListFilter = {
  userId: number;
  sortBy: 'date' | 'alphabetical';
  sortOrder: 'asc' | 'desc';
  search?: string;
  limit: number;
  offset: number;
};

/** One page of my tests and their count: the page's ids from the index of the order, then their columns. */
export const testsPage = async (db: Executor, filter: TestListFilter) => {
  const where = sql`t.created_by_id = ${filter.userId} ${
    filter.search ? sql`and t.name_key like ${likePattern(filter.search)}` : sql``
  }`;
  const direction = sql.raw(filter.sortOrder === 'asc' ? 'asc' : 'desc');
  const order =
    filter.sortBy === 'alphabetical'
      ? sql`t.name_key ${direction}, t.id ${direction}`
      : sql`t.created_at ${direction}, t.id ${direction}`;
  return paginate(
    rowsOf(
      db,
      sql`with page as (select t.id from school_tests t where ${where}
          order by ${order} limit ${filter.limit} offset ${filter.offset})
        select ${testSelect} from school_tests t join page on page.id = t.id order by ${order}`,
      testRow,
    ),
    countRows(db, sql`select count(*)::int as total from school_tests t where ${where}`),
  );
};

export const findTest = async (db: Executor, id: number) =>
  (await rowsOf(db, sql`select ${testSelect} from school_tests t where t.id = ${id}`, testRow))[0];

/** A test's owner and lock, read under a lock of its row: question writes of one test go one at a time. */
export const lockTest = async (db: Executor, id: number) =>
  (
    await rowsOf(
      db,
      sql`select t.id, t.created_by_id, ${lockedTest('t')} as is_locked,
          (select count(*)::int from test_questions q where q.test_id = t.id) as questions_count
        from school_tests t where t.id = ${id} for update`,
      z.object({
        id: z.number(),
        created_by_id: z.number(),
        is_locked: z.boolean(),
        questions_count: z.number(),
      }),
    )
  )[0];

export type TestValues = ThresholdsRow & { name: string; description: string };

export const insertTest = async (db: Executor, userId: number, values: TestValues, now: Date) =>
  (
    await rowsOf(
      db,
      sql`insert into school_tests (name, description, created_by_id, excellent_score, very_good_score,
          good_score, satisfy_score, fail_score, created_at, updated_at)
        values (${values.name}, ${values.description}, ${userId}, ${values.excellent_score},
          ${values.very_good_score}, ${values.good_score}, ${values.satisfy_score}, ${values.fail_score},
          ${now}, ${now})
        returning id`,
      idRow,
    )
  )[0]!.id;

export const updateTest = (db: Executor, id: number, values: TestValues, now: Date) =>
  db.execute(sql`update school_tests set name = ${values.name}, description = ${values.description},
      excellent_score = ${values.excellent_score}, very_good_score = ${values.very_good_score},
      good_score = ${values.good_score}, satisfy_score = ${values.satisfy_score},
      fail_score = ${values.fail_score}, updated_at = ${now}
    where id = ${id}`);

/** Deletes a test; its questions, exams and their answers go with it (the foreign keys cascade). */
export const deleteTest = (db: Executor, id: number) =>
  db.execute(sql`delete from school_tests where id = ${id}`);

/**
 * A copy of a test with its questions, named "<name> (copy)", without exams (so unlocked); its author's
 * own, or `ownerId`'s (a colleague's). `pictures` names the copied file of each question picture: a
 * picture it does not name (one changed meanwhile) is left out of the copy.
 */
export const copyTest = async (
  db: Executor,
  id: number,
  now: Date,
  ownerId: number | null = null,
  pictures: Record<string, string> = {},
) => {
  const copy = (
    await rowsOf(
      db,
      sql`insert into school_tests (name, description, created_by_id, excellent_score, very_good_score,
          good_score, satisfy_score, fail_score, created_at, updated_at)
        select left(name, 193) || ' (copy)', description, coalesce(${ownerId}::int, created_by_id),
          excellent_score, very_good_score,
          good_score, satisfy_score, fail_score, ${now}, ${now}
        from school_tests where id = ${id}
        returning id`,
      idRow,
    )
  )[0]!.id;
  await db.execute(sql`insert into test_questions (test_id, position, question_text, answer_a, answer_b,
      answer_c, answer_d, kind, correct_answer, settings, score_value, picture)
    select ${copy}, position, question_text, answer_a, answer_b, answer_c, answer_d, kind, correct_answer,
      settings, score_value, ${jsonValue(pictures)} ->> picture
    from test_questions where test_id = ${id} order by position`);
  return copy;
};

/** Tests for the picker, newest first. */
export const testChoices = (db: Executor, userId: number, limit: number) =>
  rowsOf(
    db,
    sql`select t.id, t.name, t.excellent_score,
        (select count(*)::int from test_questions q where q.test_id = t.id) as questions_count,
        (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = t.id) as total_score
      from school_tests t where t.created_by_id = ${userId}
      order by t.created_at desc, t.id desc limit ${limit}`,
    z.object({
      id: z.number(),
      name: z.string(),
      questions_count: z.number(),
      total_score: z.number(),
      excellent_score: z.number(),
    }),
  );

// ------------------------------------------------------------------------------------------ questions

const questionRow = z.object({
  id: z.number(),
  test_id: z.number(),
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
  /** The storage key of its picture (the thumbnail's is derived from it). */
  picture: z.string().nullable(),
});
export type QuestionRow = z.infer<typeof questionRow>;

const questionColumns = sql.raw(
  'q.id, q.test_id, q.position, q.question_text, q.answer_a, q.answer_b, q.answer_c, q.answer_d, q.kind, q.correct_answer, q.settings, q.score_value, q.picture',
);

export const questionsOf = (db: Executor, testId: number) =>
  rowsOf(
    db,
    sql`select ${questionColumns} from test_questions q where q.test_id = ${testId} order by q.position, q.id`,
    questionRow,
  );

/** A question with its test's owner. */
export const findQuestion = async (db: Executor, id: number) =>
  (
    await rowsOf(
      db,
      sql`select ${questionColumns}, t.created_by_id from test_questions q
        join school_tests t on t.id = q.test_id where q.id = ${id}`,
      questionRow.extend({ created_by_id: z.number() }),
    )
  )[0];

export type QuestionValues = Omit<QuestionRow, 'id' | 'test_id' | 'position' | 'picture'>;

/** Adds a question at the end of its test: its position is taken in the same statement. */
export const insertQuestion = async (db: Executor, testId: number, values: QuestionValues) =>
  (
    await rowsOf(
      db,
      sql`insert into test_questions as q (test_id, position, question_text, answer_a, answer_b, answer_c,
          answer_d, kind, correct_answer, settings, score_value)
        select ${testId}, coalesce(max(position), 0) + 1, ${values.question_text}, ${values.answer_a},
          ${values.answer_b}, ${values.answer_c}, ${values.answer_d}, ${values.kind}, ${values.correct_answer},
          ${jsonValue(values.settings)}, ${values.score_value}
        from test_questions where test_id = ${testId}
        returning ${questionColumns}`,
      questionRow,
    )
  )[0]!;

/** The questions of a new test, numbered from 1 in the order given, in one statement. */
export const insertQuestions = (db: Executor, testId: number, questions: QuestionValues[]) =>
  db.insert(testQuestions).values(
    questions.map((question, index) => ({
      testId,
      position: index + 1,
      questionText: question.question_text,
      answerA: question.answer_a,
      answerB: question.answer_b,
      answerC: question.answer_c,
      answerD: question.answer_d,
      kind: question.kind,
      correctAnswer: question.correct_answer,
      settings: question.settings,
      scoreValue: question.score_value,
    })),
  );

export const updateQuestion = async (db: Executor, id: number, values: QuestionValues) =>
  (
    await rowsOf(
      db,
      sql`update test_questions q set question_text = ${values.question_text}, answer_a = ${values.answer_a},
          answer_b = ${values.answer_b}, answer_c = ${values.answer_c}, answer_d = ${values.answer_d},
          kind = ${values.kind}, correct_answer = ${values.correct_answer},
          settings = ${jsonValue(values.settings)}, score_value = ${values.score_value}
        where q.id = ${id} returning ${questionColumns}`,
      questionRow,
    )
  )[0]!;

/**
 * Deletes a question and numbers the rest of its test from 1 again (call in a transaction); resolves with
 * its picture's key, if it had one.
 */
export const deleteQuestion = async (db: Executor, id: number, testId: number) => {
  const [gone] = await rowsOf(
    db,
    sql`delete from test_questions where id = ${id} returning picture`,
    z.object({ picture: z.string().nullable() }),
  );
  await renumber(db, testId);
  return gone?.picture ?? null;
};

/** Sets or clears a question's picture; resolves with the question as it now is. */
export const setQuestionPicture = async (db: Executor, id: number, picture: string | null) =>
  (
    await rowsOf(
      db,
      sql`update test_questions q set picture = ${picture} where q.id = ${id} returning ${questionColumns}`,
      questionRow,
    )
  )[0]!;

/** The picture keys of a test's questions (what its deletion leaves behind). */
export const picturesOfTest = async (db: Executor, testId: number) =>
  (
    await rowsOf(
      db,
      sql`select picture from test_questions where test_id = ${testId} and picture is not null`,
      z.object({ picture: z.string() }),
    )
  ).map((row) => row.picture);

const renumber = (db: Executor, testId: number) =>
  db.execute(sql`update test_questions q set position = r.n
    from (select id, row_number() over (order by position, id)::int as n from test_questions
      where test_id = ${testId}) r
    where q.id = r.id and q.position <> r.n`);

/** Puts a test's questions in the order of these ids (every id of the test, once), in one statement. */
export const orderQuestions = (db: Executor, testId: number, ids: number[]) =>
  db.execute(sql`update test_questions q set position = o.n
    from unnest(${intArray(ids)}) with ordinality as o(id, n)
    where q.id = o.id and q.test_id = ${testId}`);

export const questionIdsOf = async (db: Executor, testId: number) =>
  (await rowsOf(db, sql`select id from test_questions where test_id = ${testId}`, idRow)).map(
    (row) => row.id,
  );

// ---------------------------------------------------------------------------------------------- exams

/** The grade of a score by a test's thresholds, in SQL: the same rule as the contract's `gradeOf`. */
export const gradeSql = (score: SQL, test: string) =>
  sql`(case when ${score} >= ${sql.raw(`${test}.excellent_score`)} then 6
    when ${score} >= ${sql.raw(`${test}.very_good_score`)} then 5
    when ${score} >= ${sql.raw(`${test}.good_score`)} then 4
    when ${score} >= ${sql.raw(`${test}.satisfy_score`)} then 3 else 2 end)`;

/** The end of an attempt, the one expression every rule reads it from (`db/exam-times.ts`). */
export const endsAt = examEndsAt;

/** The sum of the points an exam's answers earned (each counted when it was saved). */
const scoreOf = (exam: string) =>
  sql.raw(`coalesce((select sum(sa.points) from exam_answers sa where sa.exam_id = ${exam}.id), 0)::int`);

/**
 * Completes every started, open exam whose end (with extra time) has come, at that end, with its score
 * and grade, in one statement; `scope` narrows it (one exam, one person's). An exam never started stays
 * open (missed). The update checks `completed_at is null` again on each row, so runs at the same time
 * complete each exam once.
 */
export const completeDue = async (db: Executor, now: Date, scope: SQL = sql`true`) =>
  (
    await rowsOf(
      db,
      sql`with due as (
        select e.id, ${scoreOf('e')} as score from exams e
        where e.completed_at is null and e.started_at is not null
          and (e.end_at <= ${now} or e.time_limit_minutes is not null)
          and ${endsAt('e')} <= ${now} and ${scope}
      )
      , done as (
        update exams e set completed_at = ${endsAt('e')}, completed_by = 'server', score = due.score,
          grade = ${gradeSql(sql`due.score`, 't')}
        from due, school_tests t
        where e.id = due.id and t.id = e.test_id and e.completed_at is null
        returning e.id, e.completed_at)
      , recorded as (
        insert into exam_events (exam_id, kind, at) select id, 'completed', completed_at from done)
      select id from done`,
      idRow,
    )
  ).map((row) => row.id);

/** The student completes their started exam now; nothing when it is not started or already completed. */
export const completeByStudent = async (db: Executor, id: number, studentId: number, now: Date) =>
  (
    await rowsOf(
      db,
      sql`with done as (
        update exams e set completed_at = ${now}, completed_by = 'student', score = ${scoreOf('e')},
          grade = ${gradeSql(scoreOf('e'), 't')}
        from school_tests t
        where e.id = ${id} and e.student_id = ${studentId} and t.id = e.test_id
          and e.started_at is not null and e.completed_at is null
        returning e.id)
      , recorded as (
        insert into exam_events (exam_id, kind, actor_id, at)
        select id, 'completed', ${studentId}, ${now} from done)
      select id from done`,
      idRow,
    )
  ).length > 0;

const examRow = thresholdsRow.extend({
  id: z.number(),
  test_id: z.number(),
  test_name: z.string(),
  test_description: z.string(),
  student_id: z.number(),
  student_first_name: z.string(),
  student_last_name: z.string(),
  student_avatar: z.string().nullable(),
  teacher_id: z.number(),
  teacher_first_name: z.string(),
  teacher_last_name: z.string(),
  teacher_avatar: z.string().nullable(),
  start_at: column.time,
  end_at: column.time,
  extra_minutes: z.number(),
  ends_at: column.time,
  /** The end with the largest extra time among the exams of the same test and end: the review opens then. */
  review_at: column.time,
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  completed_by: z.enum(['student', 'server']).nullable(),
  score: z.number().nullable(),
  grade: z.number().nullable(),
  shuffle_questions: z.boolean(),
  show_results_after_end: z.boolean(),
  leave_completes: z.boolean(),
  time_limit_minutes: z.number().nullable(),
  assignment_id: z.number().nullable(),
  created_at: column.time,
  answers_count: z.number(),
  questions_count: z.number(),
  total_score: z.number(),
});
export type ExamRow = z.infer<typeof examRow>;

const examSelect = sql`e.id, e.test_id, t.name as test_name, t.description as test_description,
  t.excellent_score, t.very_good_score, t.good_score, t.satisfy_score, t.fail_score,
  e.student_id, s.first_name as student_first_name, s.last_name as student_last_name, s.avatar as student_avatar,
  e.teacher_id, tc.first_name as teacher_first_name, tc.last_name as teacher_last_name, tc.avatar as teacher_avatar,
  e.start_at, e.end_at, e.extra_minutes, ${endsAt('e')} as ends_at,
  ${examReviewAt('e')} as review_at,
  e.started_at, e.completed_at, e.completed_by, e.score, e.grade, e.shuffle_questions,
  e.show_results_after_end, e.leave_completes, e.time_limit_minutes, e.assignment_id, e.created_at,
  (select count(*)::int from exam_answers a where a.exam_id = e.id) as answers_count,
  (select count(*)::int from test_questions q where q.test_id = e.test_id) as questions_count,
  (select coalesce(sum(q.score_value), 0)::int from test_questions q where q.test_id = e.test_id) as total_score`;

const examFrom = sql`from exams e join school_tests t on t.id = e.test_id
  join users s on s.id = e.student_id join users tc on tc.id = e.teacher_id`;

export const findExam = async (db: Executor, id: number) =>
  (await rowsOf(db, sql`select ${examSelect} ${examFrom} where e.id = ${id}`, examRow))[0];

/** The exams of `ids` in one query, in no particular order; ids that name no exam are left out. */
export const findExams = async (db: Executor, ids: number[]) =>
  ids.length === 0 ? [] : rowsOf(db, sql`select ${examSelect} ${examFrom} where e.id in ${ids}`, examRow);

/** What deciding access to an exam needs. */
const examTerms = z.object({
  id: z.number(),
  test_id: z.number(),
  student_id: z.number(),
  teacher_id: z.number(),
  start_at: column.time,
  ends_at: column.time,
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  /** The school of the exam's teacher, whose principals follow it read-only. */
  teacher_school_id: z.number().nullable(),
});
export type ExamTerms = z.infer<typeof examTerms>;

export const findExamTerms = async (db: Executor, id: number) =>
  (
    await rowsOf(
      db,
      sql`select e.id, e.test_id, e.student_id, e.teacher_id, e.start_at, ${endsAt('e')} as ends_at,
          e.started_at, e.completed_at,
          (select tu.school_id from users tu where tu.id = e.teacher_id) as teacher_school_id
        from exams e where e.id = ${id}`,
      examTerms,
    )
  )[0];

/** Where an exam is at `now`, in SQL (the exams read are completed when due first). */
const statusIs = (status: ExamStatus, now: Date) => {
  switch (status) {
    case 'completed':
      return sql`e.completed_at is not null`;
    case 'in_progress':
      return sql`(e.completed_at is null and e.started_at is not null)`;
    case 'missed':
      return sql`(e.completed_at is null and e.started_at is null and ${endsAt('e')} <= ${now})`;
    case 'not_started':
      return sql`(e.completed_at is null and e.started_at is null and ${endsAt('e')} > ${now})`;
  }
};

export type ExamListFilter = {
  side: 'teacher' | 'student';
  userId: number;
  testId?: number;
  status?: ExamStatus;
  search?: string;
  now: Date;
};

/** The side's exams under the filter: the condition, and the joins it needs. */
export const examFilter = (filter: ExamListFilter) => {
  const mine =
    filter.side === 'teacher' ? sql`e.teacher_id = ${filter.userId}` : sql`e.student_id = ${filter.userId}`;
  const conditions = [mine];
  if (filter.testId !== undefined) conditions.push(sql`e.test_id = ${filter.testId}`);
  if (filter.status) conditions.push(statusIs(filter.status, filter.now));
  if (filter.search)
    conditions.push(
      filter.side === 'teacher'
        ? sql`exists (select 1 from users "users" where "users"."id" = e.student_id and ${matchesNameOrEmail(filter.search)})`
        : sql`exists (select 1 from school_tests st where st.id = e.test_id and st.name_key like ${likePattern(filter.search)})`,
    );
  return sql.join(conditions, sql` and `);
};

export const sideScope = (side: 'teacher' | 'student', userId: number) =>
  side === 'teacher' ? sql`e.teacher_id = ${userId}` : sql`e.student_id = ${userId}`;

/** One page of exams: the page's ids first (by date, or by the test's name), then their columns. */
export const examsPage = async (
  db: Executor,
  filter: ExamListFilter & {
    sortBy: 'date' | 'alphabetical';
    sortOrder: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) => {
  const where = examFilter(filter);
  const direction = sql.raw(filter.sortOrder === 'asc' ? 'asc' : 'desc');
  const byName = filter.sortBy === 'alphabetical';
  const order = byName
    ? sql`t.name_key ${direction}, e.id ${direction}`
    : sql`e.created_at ${direction}, e.id ${direction}`;
  return paginate(
    rowsOf(
      db,
      sql`with page as (select e.id from exams e ${byName ? sql`join school_tests t on t.id = e.test_id` : sql``}
          where ${where} order by ${order} limit ${filter.limit} offset ${filter.offset})
        select ${examSelect} ${examFrom} join page on page.id = e.id order by ${order}`,
      examRow,
    ),
    countRows(db, sql`select count(*)::int as total from exams e where ${where}`),
  );
};

const summaryRow = z.object({
  count: z.number(),
  not_started: z.number(),
  in_progress: z.number(),
  completed: z.number(),
  missed: z.number(),
  g2: z.number(),
  g3: z.number(),
  g4: z.number(),
  g5: z.number(),
  g6: z.number(),
  average_score: z.number().nullable(),
  average_grade: z.number().nullable(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

export const examSummary = async (db: Executor, filter: ExamListFilter) => {
  const now = filter.now;
  const count = (condition: SQL) => sql`count(*) filter (where ${condition})::int`;
  return (
    await rowsOf(
      db,
      sql`select count(*)::int as count,
          ${count(statusIs('not_started', now))} as not_started,
          ${count(statusIs('in_progress', now))} as in_progress,
          ${count(statusIs('completed', now))} as completed,
          ${count(statusIs('missed', now))} as missed,
          ${count(sql`e.grade = 2`)} as g2, ${count(sql`e.grade = 3`)} as g3, ${count(sql`e.grade = 4`)} as g4,
          ${count(sql`e.grade = 5`)} as g5, ${count(sql`e.grade = 6`)} as g6,
          (avg(e.score) filter (where e.completed_at is not null))::float8 as average_score,
          (avg(e.grade) filter (where e.completed_at is not null))::float8 as average_grade
        from exams e where ${examFilter(filter)}`,
      summaryRow,
    )
  )[0]!;
};

export type ExamInsert = {
  testId: number;
  studentId: number;
  teacherId: number;
  startAt: Date;
  endAt: Date;
  shuffleQuestions: boolean;
  showResultsAfterEnd: boolean;
  leaveCompletes: boolean;
  timeLimitMinutes: number | null;
  /** The class's or group's assignment the exam is one student's part of. */
  assignmentId?: number;
  createdAt: Date;
};

/**
 * One exam per student, in one statement; resolves with their ids and students in the order given. A
 * student who already has an exam of the same assignment (a join racing another) is left out.
 */
export const insertExams = async (db: Executor, exams: ExamInsert[]) => {
  const values = sql.join(
    exams.map(
      (exam) =>
        sql`(${exam.testId}::int, ${exam.studentId}::int, ${exam.teacherId}::int, ${exam.startAt}::timestamptz,
          ${exam.endAt}::timestamptz, ${exam.shuffleQuestions}::boolean, ${exam.showResultsAfterEnd}::boolean,
          ${exam.leaveCompletes}::boolean, ${exam.timeLimitMinutes}::int, ${exam.assignmentId ?? null}::int,
          ${exam.createdAt}::timestamptz)`,
    ),
    sql`, `,
  );
  return rowsOf(
    db,
    sql`insert into exams (test_id, student_id, teacher_id, start_at, end_at, shuffle_questions,
        show_results_after_end, leave_completes, time_limit_minutes, assignment_id, created_at)
      values ${values} on conflict do nothing returning id, student_id`,
    z.object({ id: z.number(), student_id: z.number() }),
  );
};

/** The members of a group of mine (undefined when the group is not mine). */
export const ownGroupMembers = async (db: Executor, groupId: number, userId: number) => {
  const rows = await rowsOf(
    db,
    sql`select m.user_id as member from user_groups g left join user_group_members m on m.group_id = g.id
      where g.id = ${groupId} and g.author_id = ${userId} order by m.added_at, m.user_id`,
    z.object({ member: z.number().nullable() }),
  );
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.member === null ? [] : [row.member]));
};

/** Sets the extra time of an open exam and records it, in one statement; false when it is completed. */
export const setExtraMinutes = async (
  db: Executor,
  values: { id: number; minutes: number; teacherId: number; now: Date },
) =>
  (
    await rowsOf(
      db,
      sql`with changed as (
          update exams set extra_minutes = ${values.minutes}
          where id = ${values.id} and completed_at is null returning id)
        , recorded as (
          insert into exam_events (exam_id, kind, actor_id, minutes, at)
          select id, 'extra_time', ${values.teacherId}, ${values.minutes}, ${values.now} from changed)
        select id from changed`,
      idRow,
    )
  ).length > 0;

/**
 * Opens a completed, started exam again: its completion, score and grade cleared, and its extra time
 * raised so that it ends `minutes` from now at the earliest (never lowered), within the extra time a
 * teacher may give (so the extra-time dialog can still change it); recorded in the same statement. False
 * when the exam is not completed, was never started, or ended too long ago.
 */
export const reopenExam = async (
  db: Executor,
  values: { id: number; minutes: number; teacherId: number; now: Date },
) =>
  (
    await rowsOf(
      db,
      sql`with raised as (
          select e.id, e.extra_minutes + greatest(0, ceil(extract(epoch from
              (${values.now}::timestamptz + ${values.minutes} * interval '1 minute' - ${endsAt('e')})) / 60))::int
            as extra_minutes
          from exams e
          where e.id = ${values.id} and e.completed_at is not null and e.started_at is not null)
        , reopened as (
          update exams e set completed_at = null, completed_by = null, score = null, grade = null,
            away = false, extra_minutes = raised.extra_minutes
          from raised
          where e.id = raised.id and e.completed_at is not null
            and raised.extra_minutes <= ${EXAM_MAX_EXTRA_MINUTES}
          returning e.id)
        , recorded as (
          insert into exam_events (exam_id, kind, actor_id, minutes, at)
          select id, 'reopened', ${values.teacherId}, ${values.minutes}, ${values.now} from reopened)
        select id from reopened`,
      idRow,
    )
  ).length > 0;

export const deleteExam = (db: Executor, id: number) => db.execute(sql`delete from exams where id = ${id}`);

/**
 * Starts the student's exam (or finds it started) inside its window, in one statement. The first start of
 * any exam of the test also locks the test (`locked_at`): a question change under way holds the test's
 * row, so that start waits for it; the change looks at `locked_at` under that same row lock. Later starts
 * find the test locked and leave its row alone, so a class starting at once does not queue on it. The
 * first start is recorded as 'started', later ones as 'resumed'; the student is seen here now.
 */
export const startExam = async (db: Executor, id: number, studentId: number, now: Date) => {
  const open = (exam: string) =>
    sql`${sql.raw(exam)}.id = ${id} and ${sql.raw(exam)}.student_id = ${studentId}
      and ${sql.raw(exam)}.completed_at is null and ${sql.raw(exam)}.start_at <= ${now}
      and ${endsAt(exam)} > ${now}`;
  return (
    (
      await rowsOf(
        db,
        sql`with locked as (
            update school_tests t set locked_at = ${now}
            from exams x where t.id = x.test_id and t.locked_at is null and ${open('x')}
            returning t.id)
          , began as (
            update exams e set started_at = coalesce(e.started_at, ${now}), last_seen_at = ${now}, away = false
            from (select p.id, p.started_at is null as first from exams p where p.id = ${id}) was
            where was.id = e.id and ${open('e')}
            returning e.id, was.first)
          , recorded as (
            insert into exam_events (exam_id, kind, actor_id, at)
            select id, case when first then 'started' else 'resumed' end, ${studentId}, ${now} from began)
          select id from began`,
        idRow,
      )
    ).length > 0
  );
};

const examQuestionRow = questionRow.extend({
  student_answer: answerKeySchema.nullable(),
  student_response: questionResponseSchema.nullable(),
  points: z.number(),
});
export type ExamQuestionRow = z.infer<typeof examQuestionRow>;

/** The questions of an exam's test in the test's order, with the student's answers. */
export const examQuestions = (db: Executor, examId: number, testId: number) =>
  rowsOf(
    db,
    sql`select ${questionColumns}, a.student_answer, a.response as student_response,
        coalesce(a.points, 0)::int as points from test_questions q
      left join exam_answers a on a.exam_id = ${examId} and a.question_id = q.id
      where q.test_id = ${testId} order by q.position, q.id`,
    examQuestionRow,
  );

/**
 * The first of an answer's two statements: while the student's attempt is open (started, not completed,
 * before its end with extra time), marks them seen (an answer says the student is there) and reads the
 * question of the exam's test it answers, whose settings count a response's points. Undefined when the
 * attempt is not the student's or not open, or the question is not of its test.
 */
export const answeredQuestion = async (
  db: Executor,
  values: { examId: number; questionId: number; studentId: number; now: Date },
) =>
  (
    await rowsOf(
      db,
      sql`update exams e set last_seen_at = ${values.now} from test_questions q
        where e.id = ${values.examId} and e.student_id = ${values.studentId}
          and e.started_at is not null and e.completed_at is null and ${endsAt('e')} > ${values.now}
          and q.test_id = e.test_id and q.id = ${values.questionId}
        returning q.kind, q.settings, q.score_value`,
      questionRow.pick({ kind: true, settings: true, score_value: true }),
    )
  )[0];

/**
 * Saves an answer in one statement, only for the exam's student, while started, not completed and before
 * the end with extra time, and only for a question of the exam's test of the answer's kind: a letter given
 * for a `single` question (its points counted here), or a response to another kind with the points the
 * service counted from the question's settings. The exam row is share-locked, so a completion running at
 * the same time either sees this answer or refuses it. Returns how many questions the exam has answers
 * for, or undefined when refused.
 */
export const saveAnswer = async (
  db: Executor,
  values: {
    examId: number;
    questionId: number;
    studentId: number;
    answer: { letter: AnswerKey } | { response: QuestionResponse; points: number };
    now: Date;
  },
) => {
  const { answer } = values;
  const letter = 'letter' in answer ? answer.letter : null;
  const fits =
    'letter' in answer
      ? sql`q.kind = 'single'
        and (case ${answer.letter}::text when 'c' then q.answer_c <> '' when 'd' then q.answer_d <> '' else true end)`
      : sql`q.kind <> 'single'`;
  const points =
    'letter' in answer
      ? sql`(case when q.correct_answer = ${answer.letter}::text then q.score_value else 0 end)`
      : sql`${answer.points}::int`;
  // The count reads the answers as they were before the statement: the other questions' and this one.
  const saved = await rowsOf(
    db,
    sql`with saved as (
        insert into exam_answers (exam_id, question_id, student_answer, response, points, answered_at)
        select e.id, q.id, ${letter}, ${'response' in answer ? jsonValue(answer.response) : sql`null::jsonb`},
          ${points}, ${values.now} from exams e
          join test_questions q on q.test_id = e.test_id and q.id = ${values.questionId}
        where e.id = ${values.examId} and e.student_id = ${values.studentId}
          and e.started_at is not null and e.completed_at is null and ${endsAt('e')} > ${values.now}
          and ${fits}
        for share of e
        on conflict (exam_id, question_id) do update
          set student_answer = excluded.student_answer, response = excluded.response, points = excluded.points,
            answered_at = excluded.answered_at
        returning exam_id)
      select (select count(*)::int from exam_answers a
          where a.exam_id = ${values.examId} and a.question_id <> ${values.questionId}) + 1 as n
      from saved`,
    z.object({ n: z.number() }),
  );
  return saved[0]?.n;
};

/**
 * The student's page is here or away, while the attempt is open (started, not completed, before its end):
 * seen now, and a change of `away` recorded as 'left' or 'returned', in one statement. False when the
 * attempt is not the student's or not open.
 */
export const recordPresence = async (
  db: Executor,
  values: { id: number; studentId: number; away: boolean; now: Date },
) =>
  (
    await rowsOf(
      db,
      sql`with seen as (
          update exams e set last_seen_at = ${values.now}, away = ${values.away}::boolean
          from (select p.id, p.away from exams p where p.id = ${values.id}) was
          where was.id = e.id and e.student_id = ${values.studentId} and e.started_at is not null
            and e.completed_at is null and ${endsAt('e')} > ${values.now}
          returning e.id, was.away as was_away)
        , recorded as (
          insert into exam_events (exam_id, kind, actor_id, at)
          select id, case when ${values.away}::boolean then 'left' else 'returned' end, ${values.studentId}, ${values.now}
          from seen where was_away <> ${values.away}::boolean)
        select id from seen`,
      idRow,
    )
  ).length > 0;

const eventRow = z.object({
  id: z.number(),
  kind: examEventKindSchema,
  at: column.time,
  actor_id: z.number().nullable(),
  actor_first_name: z.string().nullable(),
  actor_last_name: z.string().nullable(),
  minutes: z.number().nullable(),
});
export type EventRow = z.infer<typeof eventRow>;

/** The recorded actions on an exam, oldest first. */
export const examEventsOf = (db: Executor, examId: number) =>
  rowsOf(
    db,
    sql`select v.id, v.kind, v.at, v.actor_id, u.first_name as actor_first_name,
        u.last_name as actor_last_name, v.minutes
      from exam_events v left join users u on u.id = v.actor_id
      where v.exam_id = ${examId} order by v.at, v.id`,
    eventRow,
  );

const sittingRow = z.object({
  start_at: column.time,
  end_at: column.time,
  exams_count: z.number(),
  ends_at: column.time,
});
export type SittingRow = z.infer<typeof sittingRow>;

/**
 * The sittings of a test I gave (its exams with the same start and end) that have not ended, or ended
 * after `since`; latest start first, at most `limit`.
 */
export const sittingsOf = (
  db: Executor,
  filter: { teacherId: number; testId: number; since: Date; limit: number },
) =>
  rowsOf(
    db,
    sql`select e.start_at, e.end_at, count(*)::int as exams_count, max(${endsAt('e')}) as ends_at
      from exams e where e.teacher_id = ${filter.teacherId} and e.test_id = ${filter.testId}
      group by e.start_at, e.end_at having max(${endsAt('e')}) > ${filter.since}
      order by e.start_at desc, e.end_at desc limit ${filter.limit}`,
    sittingRow,
  );

const liveRow = z.object({
  id: z.number(),
  student_id: z.number(),
  student_first_name: z.string(),
  student_last_name: z.string(),
  student_avatar: z.string().nullable(),
  answers_count: z.number(),
  started_at: column.time.nullable(),
  completed_at: column.time.nullable(),
  completed_by: z.enum(['student', 'server']).nullable(),
  last_seen_at: column.time.nullable(),
  away: z.boolean(),
  times_left: z.number(),
  extra_minutes: z.number(),
  ends_at: column.time,
  score: z.number().nullable(),
  grade: z.number().nullable(),
});
export type LiveRow = z.infer<typeof liveRow>;

type SittingFilter = { teacherId: number; testId: number; startAt: Date; endAt: Date };

const inSitting = (filter: SittingFilter) =>
  sql`e.teacher_id = ${filter.teacherId} and e.test_id = ${filter.testId}
    and e.start_at = ${filter.startAt} and e.end_at = ${filter.endAt}`;

/**
 * A page of the exams of one sitting of a test I gave, by the students' names, in one statement. The page
 * is chosen first: its answers and leavings are counted for its exams alone, not for the whole sitting.
 */
export const sittingExams = (db: Executor, filter: SittingFilter, window: PageWindow) =>
  rowsOf(
    db,
    sql`with page as (
        select e.id, e.student_id, s.first_name as student_first_name, s.last_name as student_last_name,
          s.avatar as student_avatar, e.started_at, e.completed_at, e.completed_by, e.last_seen_at, e.away,
          e.extra_minutes, ${endsAt('e')} as ends_at, e.score, e.grade,
          lower(s.last_name) as last_key, lower(s.first_name) as first_key
        from exams e join users s on s.id = e.student_id
        where ${inSitting(filter)}
        order by last_key, first_key, e.id limit ${window.limit} offset ${window.offset})
      select p.*,
        (select count(*)::int from exam_answers a where a.exam_id = p.id) as answers_count,
        (select count(*)::int from exam_events v where v.exam_id = p.id and v.kind = 'left') as times_left
      from page p order by p.last_key, p.first_key, p.id`,
    liveRow,
  );

const sittingSummaryRow = z.object({
  count: z.number(),
  not_started: z.number(),
  in_progress: z.number(),
  away: z.number(),
  completed: z.number(),
  missed: z.number(),
});
export type SittingSummaryRow = z.infer<typeof sittingSummaryRow>;

/**
 * The whole sitting counted in one statement: its exams by where they are at `now` (as `statusOf` says;
 * due exams are completed before) and those away now. It reads the sitting's exams alone (the index of
 * the test and end): counting its answers too would read every answer of the sitting at each refresh.
 */
export const sittingSummary = async (db: Executor, filter: SittingFilter, now: Date) => {
  const [row] = await rowsOf(
    db,
    sql`with sitting as (select e.id, e.started_at, e.completed_at, e.away, ${endsAt('e')} as ends_at
        from exams e where ${inSitting(filter)})
      select count(*)::int as count,
        count(*) filter (where completed_at is null and started_at is null and ends_at > ${now})::int as not_started,
        count(*) filter (where completed_at is null and started_at is not null)::int as in_progress,
        count(*) filter (where completed_at is null and started_at is not null and away)::int as away,
        count(*) filter (where completed_at is not null)::int as completed,
        count(*) filter (where completed_at is null and started_at is null and ends_at <= ${now})::int as missed
      from sitting`,
    sittingSummaryRow,
  );
  return row!;
};

export const countTests = async (tx: Executor, userId: number) => {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(schoolTests)
    .where(eq(schoolTests.createdById, userId));
  return row?.count ?? 0;
};

/** The tests of the teacher's exams that have not ended at `now`. */
export const activeExamTests = async (tx: Executor, teacherId: number, now: Date) => {
  const rows = await tx
    .selectDistinct({ testId: exams.testId })
    .from(exams)
    .where(and(eq(exams.teacherId, teacherId), gt(exams.endAt, now)));
  return rows.map((row) => row.testId);
};

// ------------------------------------------------------------------------------ exam assignments

export type AssignmentInsert = typeof examAssignments.$inferInsert;
export type AssignmentSettings = typeof examAssignments.$inferSelect;

const assignmentRow = z.object({
  id: z.number(),
  created_by_id: z.number(),
  test_id: z.number(),
  test_name: z.string(),
  target_kind: z.enum(['class', 'group']),
  target_id: z.number(),
  target_name: z.string(),
  start_at: column.time,
  end_at: column.time,
  shuffle_questions: z.boolean(),
  show_results_after_end: z.boolean(),
  leave_completes: z.boolean(),
  time_limit_minutes: z.number().nullable(),
  students_count: z.number(),
  started_count: z.number(),
  completed_count: z.number(),
  created_at: column.time,
});
export type AssignmentRow = z.infer<typeof assignmentRow>;

const assignmentSelect = sql`select a.id, a.created_by_id, a.test_id, t.name as test_name,
    case when a.school_class_id is not null then 'class' else 'group' end as target_kind,
    coalesce(a.school_class_id, a.user_group_id) as target_id, coalesce(sc.name, g.name) as target_name,
    a.start_at, a.end_at, a.shuffle_questions, a.show_results_after_end, a.leave_completes,
    a.time_limit_minutes, a.created_at, n.students_count, n.started_count, n.completed_count
  from exam_assignments a join school_tests t on t.id = a.test_id
    left join school_classes sc on sc.id = a.school_class_id left join user_groups g on g.id = a.user_group_id
    cross join lateral (select count(*)::int as students_count,
        count(*) filter (where e.started_at is not null)::int as started_count,
        count(*) filter (where e.completed_at is not null)::int as completed_count
      from exams e where e.assignment_id = a.id) n`;

export const insertAssignment = async (db: Executor, values: AssignmentInsert) =>
  (await db.insert(examAssignments).values(values).returning({ id: examAssignments.id }))[0]!.id;

export const findAssignment = async (db: Executor, id: number) =>
  (await rowsOf(db, sql`${assignmentSelect} where a.id = ${id}`, assignmentRow))[0];

/** One page of the teacher's assignments, newest first, and their count. */
export const assignmentsPage = (db: Executor, userId: number, limit: number, offset: number) =>
  paginate(
    rowsOf(
      db,
      sql`${assignmentSelect} where a.created_by_id = ${userId}
        order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`,
      assignmentRow,
    ),
    countRows(db, sql`select count(*)::int as total from exam_assignments where created_by_id = ${userId}`),
  );

/** The exams of an assignment, its students by name, as the teacher's list shows them. */
export const assignmentExams = (db: Executor, assignmentId: number) =>
  rowsOf(
    db,
    sql`select ${examSelect} ${examFrom} where e.assignment_id = ${assignmentId}
      order by lower(s.last_name), lower(s.first_name), e.id`,
    examRow,
  );

/** The assignment's row, locked for a change of it and its exams. */
export const lockAssignment = async (tx: Executor, id: number) =>
  (
    await rowsOf(
      tx,
      sql`select id from exam_assignments where id = ${id} for update`,
      z.object({ id: z.number() }),
    )
  )[0];

export type AssignmentEdit = Partial<
  Pick<
    AssignmentInsert,
    'startAt' | 'endAt' | 'shuffleQuestions' | 'showResultsAfterEnd' | 'leaveCompletes' | 'timeLimitMinutes'
  >
>;

/**
 * Changes an assignment and every exam of it, in the caller's transaction: their window and options
 * become the assignment's; attempts, answers, grades and each student's extra minutes stay. A field left
 * undefined stays.
 */
export const updateAssignment = async (tx: Executor, id: number, edit: AssignmentEdit) => {
  if (Object.values(edit).every((value) => value === undefined)) return;
  await tx.update(examAssignments).set(edit).where(eq(examAssignments.id, id));
  await tx.update(exams).set(edit).where(eq(exams.assignmentId, id));
};

export const deleteAssignment = (db: Executor, id: number) =>
  db.delete(examAssignments).where(eq(examAssignments.id, id));

/**
 * Deletes the exams of assignments whose class or group these people left, unless started: an attempt
 * begun is the student's record and stays.
 */
export const deleteLeftExams = (tx: Executor, userIds: number[]) =>
  tx.execute(sql`delete from exams e using exam_assignments a
    where e.assignment_id = a.id and e.student_id in ${userIds} and e.started_at is null
      and not ${memberOfTarget(sql`e.student_id`)}`);

/**
 * The assignments whose window has not ended at `now`, whose class or group these people are in and
 * whose exam they do not have yet, each with the people who lack it.
 */
export const missingAssignmentExams = async (tx: Executor, userIds: number[], now: Date) =>
  rowsOf(
    tx,
    sql`with wanted as (${targetMemberships('exam_assignments', userIds, sql`a.end_at > ${now}`)})
      select w.assignment_id, array_agg(w.user_id order by w.user_id) as user_ids from wanted w
        where not exists (select 1 from exams e where e.assignment_id = w.assignment_id and e.student_id = w.user_id)
        group by w.assignment_id order by w.assignment_id`,
    z.object({ assignment_id: z.number(), user_ids: z.array(z.number()) }),
  );

/** The settings of these assignments, to make their members' exams from. */
export const assignmentSettings = (tx: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tx.select().from(examAssignments).where(inArray(examAssignments.id, ids));
