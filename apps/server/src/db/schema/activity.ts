/** Written by the practice module. */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards, categories } from './cards';
import { users } from './users';

/** One row per user and day (in the user's time zone): what the practice calls counted. */
export const userActivity = pgTable(
  'user_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Answers given that day; the free daily limit counts these. */
    cardRequests: integer('card_requests').notNull().default(0),
    /** Answers that count toward the badges: a card at most once a minute (cards.counted_at). */
    studiedCards: integer('studied_cards').notNull().default(0),
    learnedCardsVerbal: integer('learned_cards_verbal').notNull().default(0),
    learnedCardsTyping: integer('learned_cards_typing').notNull().default(0),
    completedCategoriesVerbal: integer('completed_categories_verbal').notNull().default(0),
    completedCategoriesTyping: integer('completed_categories_typing').notNull().default(0),
  },
  (table) => [unique('user_activity_user_day_key').on(table.userId, table.day)],
);

export const practiceModeEnum = pgEnum('practice_mode', ['verbal', 'typing']);

/** A category whose every card was learned in a mode: counted once, on the day it happened. */
export const categoryCompletions = pgTable(
  'category_completions',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    mode: practiceModeEnum('mode').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.mode] })],
);

/**
 * The last answer of each practice session (the client names its session with a uuid), so that it can
 * be taken back once: what it raised is known without guessing. `cardId` null: nothing left to undo.
 * Kept for a day (a daily job forgets older ones): a session is one sitting.
 */
export const practiceSessionAnswers = pgTable(
  'practice_session_answers',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    /** The score column the answer raised (a column name of `cards`). */
    scoreColumn: text('score_column').notNull(),
    /** The activity day the answer was counted on. */
    day: date('day', { mode: 'string' }).notNull(),
    learned: boolean('learned').notNull(),
    completedCategory: boolean('completed_category').notNull(),
    /** The answer counted toward the badges (user_activity.studied_cards). */
    studied: boolean('studied').notNull().default(false),
    /** The answer's row of `review_logs`, taken back with it. */
    logId: bigint('log_id', { mode: 'number' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('practice_session_answers_user_idx').on(table.userId),
    // The daily clean-up forgets sessions by age.
    index('practice_session_answers_answered_idx').on(table.answeredAt),
  ],
);

export const offlineAnswerStatusEnum = pgEnum('offline_answer_status', [
  'counted',
  'over_limit',
  'not_found',
  'too_old',
]);

/**
 * Answers given without the network, by the id the device made: each is applied once, however often the
 * device sends it, and a repeat answers the status it got the first time.
 */
export const offlineAnswers = pgTable(
  'offline_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    status: offlineAnswerStatusEnum('status').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // The daily clean-up forgets ids old enough to be refused as too old anyway.
    index('offline_answers_answered_idx').on(table.answeredAt),
  ],
);
