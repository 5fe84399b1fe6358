/**
 * Owner: the notifications module. What happened to a person that the app tells them about: in the app's
 * bell and menu badges until read, and in one e-mail digest (docs/design.md "Notifications").
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What happened: one of the contract's `notificationKinds`. */
    kind: text('kind').notNull(),
    /** What the text needs (names, a category's name) and the id of the thing its link opens. */
    values: jsonb('values').$type<Record<string, string | number>>().notNull(),
    createdAt: moment('created_at').notNull(),
    readAt: moment('read_at'),
    /** When the digest mailed it, or when it was left out of the digests (its kind mailed already, or opted out). */
    mailedAt: moment('mailed_at'),
  },
  (table) => [
    // My notifications newest first, and my unread ones (the bell's count).
    index('notifications_recipient_idx').on(table.recipientId, table.id),
    index('notifications_unread_idx').on(table.recipientId, table.kind).where(sql`${table.readAt} is null`),
    // The digest's notices of a person: not yet mailed.
    index('notifications_unmailed_idx').on(table.recipientId, table.id).where(sql`${table.mailedAt} is null`),
    // An exam's timed notices are made once, however often the sweep runs.
    uniqueIndex('notifications_exam_once_idx')
      .on(table.recipientId, table.kind, sql`((${table.values} ->> 'exam'))`)
      .where(sql`${table.kind} in ('exam_soon', 'results_published')`),
  ],
);
