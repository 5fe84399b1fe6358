/**
 * Learning paths: written by the learning-paths module. A path gives one student one category's cards
 * (those with the path's tags) between two days; the student's scores on it live in their own rows
 * (`learning_path_cards`), never in the teacher's cards, and each day of study in `learning_path_progress`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards, categories } from './cards';
import { exams, schoolTests } from './exams';
import { schoolClasses } from './schools';
import { userGroups } from './social';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A path given to a class or a user group (docs/design.md "Assignments that follow a class"): the shared
 * settings every member's path is made from. Its members' paths are rows of `learning_paths` naming it;
 * a student who joins the target gets one while the assignment has not ended, one who leaves loses it.
 */
export const pathAssignments = pgTable(
  'path_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolClassId: integer('school_class_id').references(() => schoolClasses.id, { onDelete: 'cascade' }),
    userGroupId: integer('user_group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    startAt: day('start_at').notNull(),
    endAt: day('end_at').notNull(),
    dailyFlipTarget: integer('daily_flip_target').notNull(),
    dailyLearnTarget: integer('daily_learn_target').notNull(),
    deckSize: integer('deck_size').notNull(),
    learnedVolumeVerbal: integer('learned_volume_verbal').notNull(),
    learnedVolumeTyping: integer('learned_volume_typing').notNull(),
    verbal: boolean('verbal').notNull(),
    typing: boolean('typing').notNull(),
    testId: integer('test_id').references(() => schoolTests.id, { onDelete: 'set null' }),
    startTestAt: moment('start_test_at'),
    endTestAt: moment('end_test_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'path_assignments_target_check',
      sql`(${table.schoolClassId} is null) <> (${table.userGroupId} is null)`,
    ),
    check('path_assignments_days_check', sql`${table.endAt} >= ${table.startAt}`),
    index('path_assignments_created_by_idx').on(table.createdById, table.createdAt, table.id),
    // A member who joins or leaves looks up the target's assignments.
    index('path_assignments_class_idx')
      .on(table.schoolClassId, table.endAt)
      .where(sql`${table.schoolClassId} is not null`),
    index('path_assignments_group_idx')
      .on(table.userGroupId, table.endAt)
      .where(sql`${table.userGroupId} is not null`),
  ],
);

export const learningPaths = pgTable(
  'learning_paths',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name as the lists order it: a column of its own, so that the name order reads the index alone. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedUserId: integer('assigned_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** The cards' tags the path studies; every card when empty. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    startAt: day('start_at').notNull(),
    endAt: day('end_at').notNull(),
    dailyFlipTarget: integer('daily_flip_target').notNull(),
    dailyLearnTarget: integer('daily_learn_target').notNull(),
    deckSize: integer('deck_size').notNull(),
    learnedVolumeVerbal: integer('learned_volume_verbal').notNull(),
    learnedVolumeTyping: integer('learned_volume_typing').notNull(),
    verbal: boolean('verbal').notNull(),
    typing: boolean('typing').notNull(),
    completedVerbal: boolean('completed_verbal').notNull().default(false),
    completedTyping: boolean('completed_typing').notNull().default(false),
    /** The test the path ends with (one of its teacher's), and its optional dates. */
    testId: integer('test_id').references(() => schoolTests.id, { onDelete: 'set null' }),
    startTestAt: moment('start_test_at'),
    endTestAt: moment('end_test_at'),
    /** The student's exam of that test, made when they first open it. */
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    /** The class's or group's assignment this path is one student's part of; null for a named student. */
    assignmentId: integer('assignment_id').references(() => pathAssignments.id, { onDelete: 'cascade' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('learning_paths_days_check', sql`${table.endAt} >= ${table.startAt}`),
    check(
      'learning_paths_test_days_check',
      sql`(${table.startTestAt} is null) = (${table.endTestAt} is null) and (${table.endTestAt} is null or ${table.endTestAt} > ${table.startTestAt})`,
    ),
    // The teacher's and the student's lists, by date or by name.
    index('learning_paths_created_by_idx').on(table.createdById, table.createdAt, table.id),
    index('learning_paths_created_by_name_idx').on(table.createdById, table.nameKey, table.id),
    index('learning_paths_assigned_idx').on(table.assignedUserId, table.createdAt, table.id),
    index('learning_paths_category_idx').on(table.categoryId),
    uniqueIndex('learning_paths_assignment_student_idx')
      .on(table.assignmentId, table.assignedUserId)
      .where(sql`${table.assignmentId} is not null`),
  ],
);

/** A student's own scores on one card of one path. */
export const learningPathCards = pgTable(
  'learning_path_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    guessesScore: integer('guesses_score').notNull().default(0),
    incorrectGuessesScore: integer('incorrect_guesses_score').notNull().default(0),
    guessesScoreTyping: integer('guesses_score_typing').notNull().default(0),
    incorrectGuessesScoreTyping: integer('incorrect_guesses_score_typing').notNull().default(0),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('learning_path_cards_path_card_idx').on(table.pathId, table.cardId),
    index('learning_path_cards_card_idx').on(table.cardId),
  ],
);

/** One day of a path: answers and cards learned, per mode. */
export const learningPathProgress = pgTable(
  'learning_path_progress',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pathId: integer('path_id')
      .notNull()
      .references(() => learningPaths.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    flipsVerbal: integer('flips_verbal').notNull().default(0),
    flipsTyping: integer('flips_typing').notNull().default(0),
    learnedVerbal: integer('learned_verbal').notNull().default(0),
    learnedTyping: integer('learned_typing').notNull().default(0),
  },
  (table) => [uniqueIndex('learning_path_progress_path_day_idx').on(table.pathId, table.day)],
);

/**
 * The last answer of each study session on a path (the client names its session with a uuid), so that
 * it can be taken back once ("Undo", "I was right"), as a practice session's can. `rowId` null: nothing
 * left to undo. Kept for a day (the daily job forgets older ones).
 */
export const learningPathSessionAnswers = pgTable(
  'learning_path_session_answers',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rowId: integer('row_id').references(() => learningPathCards.id, { onDelete: 'set null' }),
    /** The score column the answer raised (a column name of `learning_path_cards`). */
    scoreColumn: text('score_column').notNull(),
    /** The path's day the answer was counted on. */
    day: day('day').notNull(),
    learned: boolean('learned').notNull(),
    completed: boolean('completed').notNull(),
    /** The answer's row of `review_logs`, taken back with it. */
    logId: bigint('log_id', { mode: 'number' }),
    answeredAt: moment('answered_at').notNull(),
  },
  (table) => [
    index('learning_path_session_answers_user_idx').on(table.userId),
    index('learning_path_session_answers_answered_idx').on(table.answeredAt),
  ],
);
