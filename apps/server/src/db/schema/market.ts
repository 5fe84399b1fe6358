/**
 * The catalog, written by the market module: approved snapshots of authors' categories (versions and
 * their cards), the catalog row of each listed category, ratings and reports of abuse.
 */
import type { Occlusion } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cardTypeEnum } from './card-type';
import { categories } from './cards';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** An approved version of a category: what the catalog, its detail, public practice and adoption read. */
export const marketVersions = pgTable(
  'market_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    language: text('language').notNull(),
    topic: text('topic').notNull(),
    typeOfCards: cardTypeEnum('type_of_cards').notNull(),
    approvedAt: moment('approved_at').notNull(),
    /** The category's revision that was approved. */
    revision: integer('revision').notNull(),
    cardsCount: integer('cards_count').notNull(),
    /** English words and the stems of Bulgarian ones, of the name, description and cards. */
    search: tsvector('search').notNull(),
  },
  (table) => [
    uniqueIndex('market_versions_category_number_idx').on(table.categoryId, table.number),
    index('market_versions_search_idx').using('gin', table.search),
    index('market_versions_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

/** A card of a version; its media (picture, sound) belong to the version. */
export const marketVersionCards = pgTable(
  'market_version_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => marketVersions.id, { onDelete: 'cascade' }),
    /** The author's card (no foreign key: the card may be deleted later); its identity across versions. */
    sourceCardId: integer('source_card_id').notNull(),
    /** The text of a text card; the version's own storage key of a picture. */
    firstSide: text('first_side').notNull(),
    /** The author's storage key the picture was copied from (unchanged pictures reuse the copy). */
    sourceFirstSide: text('source_first_side'),
    secondSide: text('second_side').notNull(),
    tag: text('tag').notNull().default(''),
    language: text('language').notNull().default(''),
    audio: text('audio'),
    sourceAudio: text('source_audio'),
    /** An image occlusion card's rectangles; its cards of one picture share the version's copy of it. */
    occlusion: jsonb('occlusion').$type<Occlusion>(),
    position: integer('position').notNull(),
  },
  (table) => [index('market_version_cards_version_idx').on(table.versionId, table.position)],
);

/**
 * The catalog row of a category that is on the catalog (published, with an approved version): what the
 * catalog filters and orders by, each with its index.
 */
export const marketListings = pgTable(
  'market_listings',
  {
    categoryId: integer('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => marketVersions.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    topic: text('topic').notNull(),
    approvedAt: moment('approved_at').notNull(),
    adopted: integer('adopted').notNull().default(0),
    ratingsCount: integer('ratings_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The mean rating, null until the first. */
    rating: doublePrecision('rating'),
  },
  (table) => [
    index('market_listings_adopted_idx').on(table.adopted.desc(), table.categoryId.desc()),
    index('market_listings_approved_idx').on(table.approvedAt.desc(), table.categoryId.desc()),
    index('market_listings_rating_idx').on(table.rating.desc().nullsLast(), table.categoryId.desc()),
    // The filters; their counts read these indexes alone.
    index('market_listings_language_topic_idx').on(table.language, table.topic),
    index('market_listings_topic_idx').on(table.topic),
    index('market_listings_version_idx').on(table.versionId),
  ],
);

export const marketRatings = pgTable(
  'market_ratings',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.userId] })],
);

export const marketReports = pgTable(
  'market_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: moment('created_at').notNull(),
    /** Dismissed, or closed with the category's withdrawal. */
    closedAt: moment('closed_at'),
  },
  (table) => [
    uniqueIndex('market_reports_category_user_idx').on(table.categoryId, table.userId),
    index('market_reports_open_idx').on(table.createdAt, table.id).where(sql`${table.closedAt} is null`),
  ],
);
