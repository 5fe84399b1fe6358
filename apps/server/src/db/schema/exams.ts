/**
 * Tests and exams: written by the exams module. A test is its author's questions with the thresholds of
 * its grades; an exam gives one test to one student between two moments, and keeps the student's answers,
 * score and grade; an exam assignment gives a test to a class or a group, as one exam per member.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { schoolClasses } from './schools';
import { userGroups } from './social';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const schoolTests = pgTable(
  'school_tests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name as the alphabetical order compares it, kept beside it so that order reads the index alone. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    excellentScore: integer('excellent_score').notNull(),
    veryGoodScore: integer('very_good_score').notNull(),
    goodScore: integer('good_score').notNull(),
    satisfyScore: integer('satisfy_score').notNull(),
    failScore: integer('fail_score').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    /**
     * When its first exam started: from then on its questions and thresholds stay as they are. Set once by
     * that start's statement, so later starts leave the test's row alone.
     */
    lockedAt: moment('locked_at'),
  },
  (table) => [
    index('school_tests_created_by_idx').on(table.createdById, table.createdAt, table.id),
    index('school_tests_created_by_name_idx').on(table.createdById, table.nameKey, table.id),
  ],
);

/**
 * A question of a test. `single` (the spec's): two to four answers (blank strings for missing third and
 * fourth), one correct letter. `multiple` has answers too; it and the other kinds keep what is right in
 * `settings`, checked by the contract's `questionSettingsSchema` (docs/api.md "Question kinds").
 */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    testId: integer('test_id')
      .notNull()
      .references(() => schoolTests.id, { onDelete: 'cascade' }),
    /** From 1, in the test's order. */
    position: integer('position').notNull(),
    kind: text('kind').notNull().default('single'),
    questionText: text('question_text').notNull(),
    answerA: text('answer_a').notNull(),
    answerB: text('answer_b').notNull(),
    answerC: text('answer_c').notNull().default(''),
    answerD: text('answer_d').notNull().default(''),
    /** The correct letter of a `single` question; null for the other kinds. */
    correctAnswer: text('correct_answer'),
    settings: jsonb('settings'),
    scoreValue: integer('score_value').notNull(),
    /** The storage key of the picture shown above the question (its thumbnail beside it), or null. */
    picture: text('picture'),
  },
  (table) => [
    check('test_questions_correct_answer_check', sql`${table.correctAnswer} in ('a', 'b', 'c', 'd')`),
    check(
      'test_questions_kind_check',
      sql`${table.kind} in ('single', 'multiple', 'true_false', 'short_text', 'matching', 'ordering')`,
    ),
    // A single question has its letter and no settings; every other kind has settings of its own kind.
    check(
      'test_questions_kind_settings_check',
      sql`case when ${table.kind} = 'single' then ${table.correctAnswer} is not null and ${table.settings} is null
        else ${table.correctAnswer} is null and jsonb_typeof(${table.settings}) = 'object'
          and ${table.settings}->>'kind' = ${table.kind} end`,
    ),
    index('test_questions_test_position_idx').on(table.testId, table.position),
  ],
);

/**
 * A test given to a class or a user group (docs/design.md "Assignments that follow a class"): the window and
 * options every member's exam is made from. Its members' exams are rows of `exams` naming it; a student who
 * joins the target gets one while the window has not ended, one who leaves loses it unless started.
 */
export const examAssignments = pgTable(
  'exam_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolClassId: integer('school_class_id').references(() => schoolClasses.id, { onDelete: 'cascade' }),
    userGroupId: integer('user_group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    testId: integer('test_id')
      .notNull()
      .references(() => schoolTests.id, { onDelete: 'cascade' }),
    startAt: moment('start_at').notNull(),
    endAt: moment('end_at').notNull(),
    shuffleQuestions: boolean('shuffle_questions').notNull(),
    showResultsAfterEnd: boolean('show_results_after_end').notNull(),
    leaveCompletes: boolean('leave_completes').notNull(),
    timeLimitMinutes: integer('time_limit_minutes'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'exam_assignments_target_check',
      sql`(${table.schoolClassId} is null) <> (${table.userGroupId} is null)`,
    ),
    check('exam_assignments_moments_check', sql`${table.endAt} > ${table.startAt}`),
    check('exam_assignments_time_limit_check', sql`${table.timeLimitMinutes} between 1 and 1440`),
    index('exam_assignments_created_by_idx').on(table.createdById, table.createdAt, table.id),
    // A member who joins or leaves looks up the target's assignments.
    index('exam_assignments_class_idx')
      .on(table.schoolClassId, table.endAt)
      .where(sql`${table.schoolClassId} is not null`),
    index('exam_assignments_group_idx')
      .on(table.userGroupId, table.endAt)
      .where(sql`${table.userGroupId} is not null`),
  ],
);

/**
 * One test given to one student between two moments, with this student's extra minutes after the end. An
 * attempt may also have a time limit from its start: it then ends at whichever comes first, the limit or
 * the window's end (docs/api.md "Exams").
 */
export const exams = pgTable(
  'exams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    testId: integer('test_id')
      .notNull()
      .references(() => schoolTests.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: moment('start_at').notNull(),
    endAt: moment('end_at').notNull(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    showResultsAfterEnd: boolean('show_results_after_end').notNull().default(false),
    /** The spec's rule: leaving the exam page completes it. Otherwise the attempt stays open until finished or over. */
    leaveCompletes: boolean('leave_completes').notNull().default(false),
    /** Minutes from the student's start, within the window; null: until the window's end. */
    timeLimitMinutes: integer('time_limit_minutes'),
    startedAt: moment('started_at'),
    completedAt: moment('completed_at'),
    /** Who completed it: 'student' or 'server' (at the end). */
    completedBy: text('completed_by'),
    score: integer('score'),
    grade: integer('grade'),
    /** When the student's page last said it was there: a start, an answer, or its presence call. */
    lastSeenAt: moment('last_seen_at'),
    /** The student's exam page is hidden or gone (its last presence call said so). */
    away: boolean('away').notNull().default(false),
    /** The class's or group's assignment this exam is one student's part of; null for a named student. */
    assignmentId: integer('assignment_id').references(() => examAssignments.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('exams_moments_check', sql`${table.endAt} > ${table.startAt}`),
    check('exams_completed_by_check', sql`${table.completedBy} in ('student', 'server')`),
    check('exams_time_limit_check', sql`${table.timeLimitMinutes} between 1 and 1440`),
    index('exams_teacher_idx').on(table.teacherId, table.createdAt, table.id),
    index('exams_student_idx').on(table.studentId, table.createdAt, table.id),
    // An exam's review opens after the largest extra time of its test and end: max() reads one index entry.
    index('exams_test_end_idx').on(table.testId, table.endAt, table.extraMinutes),
    // The completion sweep: open exams by their end.
    index('exams_open_end_idx').on(table.endAt).where(sql`${table.completedAt} is null`),
    // The notifications' sweep: exams about to open, and exams whose results open to their students.
    index('exams_start_idx').on(table.startAt),
    index('exams_results_end_idx').on(table.endAt).where(sql`${table.showResultsAfterEnd}`),
    // The sweep's attempts with a time limit, which may end before their window does.
    uniqueIndex('exams_assignment_student_idx')
      .on(table.assignmentId, table.studentId)
      .where(sql`${table.assignmentId} is not null`),
    index('exams_open_limited_idx')
      .on(table.startedAt)
      .where(sql`${table.completedAt} is null and ${table.timeLimitMinutes} is not null`),
  ],
);

/**
 * The student's answer to one question of an exam, changeable until completion: the letter of a `single`
 * question, or the `response` to another kind; with the points it earned, counted when it was saved.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => testQuestions.id, { onDelete: 'cascade' }),
    studentAnswer: text('student_answer'),
    response: jsonb('response'),
    points: integer('points').notNull().default(0),
    answeredAt: moment('answered_at').notNull().defaultNow(),
  },
  (table) => [
    check('exam_answers_one_check', sql`(${table.studentAnswer} is null) <> (${table.response} is null)`),
    primaryKey({ columns: [table.examId, table.questionId] }),
    index('exam_answers_question_idx').on(table.questionId),
  ],
);

/**
 * What happened to an attempt, in order: its starts, the student leaving and coming back to the page, its
 * completion, and the teacher's reopening and extra time. Written in the statement or transaction of the
 * change itself; `actor_id` null is the server (the completion at the end).
 */
export const examEvents = pgTable(
  'exam_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Reopened: the minutes given from then; extra time: the extra minutes the exam has from then. */
    minutes: integer('minutes'),
    at: moment('at').notNull(),
  },
  (table) => [
    check(
      'exam_events_kind_check',
      sql`${table.kind} in ('started', 'resumed', 'left', 'returned', 'completed', 'reopened', 'extra_time')`,
    ),
    index('exam_events_exam_at_idx').on(table.examId, table.at),
    // The live view counts each student's leavings: found in the index alone, without reading the
    // sitting's other events (a start and a completion of every exam).
    index('exam_events_left_idx').on(table.examId).where(sql`${table.kind} = 'left'`),
  ],
);
