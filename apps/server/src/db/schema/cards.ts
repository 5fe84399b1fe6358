/**
 * categories: written by the categories module (the catalog columns by the market module). cards: written
 * by the cards module, except the score and listen counters, which the practice module's one-statement
 * answers raise.
 */

import type { Occlusion, SkippedNote } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Message } from '../../lib/api-error';
import { cardTypeEnum } from './card-type';
import { marketVersions } from './market';

export { cardTypeEnum };

import { users } from './users';

export const marketApprovementEnum = pgEnum('market_approvement', [
  'none',
  'pending',
  'approved',
  'rejected',
]);

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    typeOfCards: cardTypeEnum('type_of_cards').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default(''),
    topic: text('topic').notNull().default(''),
    sendToMe: boolean('send_to_me').notNull().default(false),
    aiCreated: boolean('ai_created').notNull().default(false),
    marketAccessible: boolean('market_accessible').notNull().default(false),
    marketApprovement: marketApprovementEnum('market_approvement').notNull().default('none'),
    marketRejectionReason: text('market_rejection_reason').notNull().default(''),
    /** How many times the category was adopted from the catalog. */
    adopted: integer('adopted').notNull().default(0),
    /** Raised in the same transaction as every change of the content (cards, name, description). */
    revision: integer('revision').notNull().default(0),
    /** When the category last went to review (the queue's order). */
    marketSubmittedAt: moment('market_submitted_at'),
    /** The approved version shown on the catalog (the latest approved one). */
    marketVersionId: integer('market_version_id').references((): AnyPgColumn => marketVersions.id, {
      onDelete: 'set null',
    }),
    /** An adopted copy: the catalog category it came from, and the version it holds. */
    adoptedFromId: integer('adopted_from_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    adoptedVersionId: integer('adopted_version_id').references((): AnyPgColumn => marketVersions.id, {
      onDelete: 'set null',
    }),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('categories_user_created_idx').on(table.userId, table.createdAt),
    index('categories_market_idx').on(table.marketApprovement, table.marketAccessible),
    // The staff's queue: pending categories, oldest first.
    index('categories_market_queue_idx')
      .on(table.marketSubmittedAt, table.id)
      .where(sql`${table.marketApprovement} = 'pending'`),
    // One live copy of a catalog category per user.
    uniqueIndex('categories_adopted_from_idx')
      .on(table.userId, table.adoptedFromId)
      .where(sql`${table.adoptedFromId} is not null`),
    index('categories_adopted_from_source_idx').on(table.adoptedFromId),
    // Deleting a version sets these to null: without an index, every deleted version scans the categories.
    index('categories_market_version_idx').on(table.marketVersionId),
    index('categories_adopted_version_idx').on(table.adoptedVersionId),
  ],
);

/** Text, picture and kids cards; the kind follows the category's type_of_cards. */
export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** The text of a text card; the storage key of the image of picture and kids cards. */
    firstSide: text('first_side').notNull(),
    secondSide: text('second_side').notNull(),
    tag: text('tag').notNull().default(''),
    /** Language of a kids card's text. */
    language: text('language').notNull().default(''),
    /** Storage key of a kids card's audio. */
    audio: text('audio'),
    listenCounts: integer('listen_counts').notNull().default(0),
    guessesScore: integer('guesses_score').notNull().default(0),
    incorrectGuessesScore: integer('incorrect_guesses_score').notNull().default(0),
    guessesScoreTyping: integer('guesses_score_typing').notNull().default(0),
    incorrectGuessesScoreTyping: integer('incorrect_guesses_score_typing').notNull().default(0),
    /**
     * When an answer to the card last counted toward the badges (a card counts at most once a minute: the
     * practice answer statement), and whether the card's latest answer did.
     */
    countedAt: moment('counted_at'),
    lastAnswerCounted: boolean('last_answer_counted').notNull().default(false),
    /** An adopted card: the author's card it copies (the identity of a card across catalog versions). */
    sourceCardId: integer('source_card_id'),
    /**
     * An image occlusion card: the rectangles on its picture and the one it asks about. The cards of one
     * picture share its storage key, so their picture goes only with the last of them.
     */
    occlusion: jsonb('occlusion').$type<Occlusion>(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('cards_category_created_idx').on(table.categoryId, table.createdAt),
    // Decks list a category's cards in id order: without it, a LIMIT may walk the whole primary key.
    index('cards_category_id_idx').on(table.categoryId, table.id),
    // Whether a shared picture is still used, when one of its cards goes.
    index('cards_occlusion_picture_idx').on(table.firstSide).where(sql`${table.occlusion} is not null`),
  ],
);

export const cardImportStatusEnum = pgEnum('card_import_status', [
  'PENDING',
  'STARTED',
  'SUCCESS',
  'FAILURE',
]);

/**
 * An Anki package being imported into a category by a job: the package is a stored file until the import
 * ends. One not finished by `expires_at` (its job died on every attempt) reads as failed.
 */
export const cardImports = pgTable(
  'card_imports',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    status: cardImportStatusEnum('status').notNull().default('PENDING'),
    /** The stored package, until the import ends. */
    packageKey: text('package_key'),
    /** Every card's language (a kids category's). */
    language: text('language').notNull().default(''),
    /** The package's notes read so far, and all of them once counted. */
    done: integer('done').notNull().default(0),
    total: integer('total'),
    created: integer('created').notNull().default(0),
    skipped: jsonb('skipped').$type<SkippedNote[]>().notNull().default([]),
    /** Why it failed: a message key of the `errors` namespace with its values. */
    error: jsonb('error').$type<Message>(),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    finishedAt: moment('finished_at'),
  },
  (table) => [index('card_imports_user_idx').on(table.userId, table.status)],
);
