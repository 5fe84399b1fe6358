/** Owner: the media module. */
import { boolean, index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `written`: a file stored for a change that has not committed yet (the change's transaction deletes the
 * row; a row left by a crash or a failure is swept with its file after a grace period). `unwanted`: a file
 * whose rows are gone, recorded in their transaction, deleted right after it and by the sweep otherwise.
 */
export const pendingMediaStateEnum = pgEnum('pending_media_state', ['written', 'unwanted']);

/** Media files whose fate is not settled yet, so that no crash leaves a file nothing refers to. */
export const pendingMedia = pgTable(
  'pending_media',
  {
    key: text('key').primaryKey(),
    state: pendingMediaStateEnum('state').notNull(),
    /** The key names a whole prefix: every file of an erased account or school. */
    prefix: boolean('prefix').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pending_media_created_idx').on(table.createdAt)],
);
