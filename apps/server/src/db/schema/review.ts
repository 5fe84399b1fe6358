/**
 * Written by the memory module: the log by the answer statements it lends to practice, review and the
 * learning paths; the states by its fold; the parameters by its weekly fit.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A learner's FSRS memory state of a card answered at least once, in any way (a card without a row is new
 * to its learner). Folded from `review_logs`: a cache of the log, which is the truth.
 */
export const cardReviews = pgTable(
  'card_reviews',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    due: moment('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    /** The (re)learning step the card is on. */
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** FSRS's State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint('state').notNull(),
    lastReview: moment('last_review'),
    /** The learner's calendar day of the first answer: the daily bound of new review cards counts these. */
    introducedOn: date('introduced_on', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.cardId] }),
    index('card_reviews_card_idx').on(table.cardId),
    index('card_reviews_user_due_idx').on(table.userId, table.due),
  ],
);

export const reviewSources = ['practice', 'review', 'path'] as const;
export const reviewSource = pgEnum('review_source', reviewSources);

/**
 * Every answer of every learner, in any mode: the history FSRS folds into `card_reviews` and fits a
 * learner's own parameters on. Appended by the answer's own statement; folded later (docs/design.md,
 * "One memory model"). No foreign keys: checking them would lock the learner's and the card's rows on
 * every answer; deleting an account deletes its log, and a deleted card's answers stay its learner's
 * history (as Anki keeps them).
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    cardId: integer('card_id').notNull(),
    /** FSRS's grade: 1 Again, 2 Hard, 3 Good, 4 Easy. */
    grade: smallint('grade').notNull(),
    source: reviewSource('source').notNull(),
    reviewedAt: moment('reviewed_at').notNull(),
    /** Whether the learner's state holds this answer yet. */
    folded: boolean('folded').notNull().default(false),
    /** The card's state before this answer was folded (null: the card was new), for taking it back. */
    before: jsonb('before'),
  },
  (table) => [
    // Keyed by the learner: every read of the log is one learner's, and an answer writes two index
    // entries, this and the waiting one.
    primaryKey({ columns: [table.userId, table.id] }),
    // The fold reads only what is waiting; this index holds only that.
    index('review_logs_unfolded_idx').on(table.userId, table.id).where(sql`not ${table.folded}`),
  ],
);

/**
 * A learner's own FSRS parameters, fitted by the weekly job on their log once it holds enough answers,
 * with how well they and the defaults predicted the answers held out of the fit.
 */
export const memoryParameters = pgTable('memory_parameters', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** FSRS-6's 21 weights; null when the fit predicted no better than the defaults (they stay). */
  parameters: doublePrecision('parameters').array(),
  /** The answers the fit read. */
  reviews: integer('reviews').notNull(),
  logLoss: doublePrecision('log_loss').notNull(),
  rmseBins: doublePrecision('rmse_bins').notNull(),
  defaultLogLoss: doublePrecision('default_log_loss').notNull(),
  defaultRmseBins: doublePrecision('default_rmse_bins').notNull(),
  fittedAt: moment('fitted_at').notNull(),
});
