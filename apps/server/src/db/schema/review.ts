/** Written by the review module. */
import { date, doublePrecision, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { cards } from './cards';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The FSRS memory state of a card reviewed at least once (a card without a row is new). One row per card:
 * a card has one owner, its category's.
 */
export const cardReviews = pgTable(
  'card_reviews',
  {
    cardId: integer('card_id')
      .primaryKey()
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
    /** The learner's calendar day of the first review: the daily bound of new cards counts these. */
    introducedOn: date('introduced_on', { mode: 'string' }).notNull(),
  },
  (table) => [index('card_reviews_due_idx').on(table.due)],
);
