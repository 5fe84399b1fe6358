/**
 * Owner: the mail module. What limits the mails people make the app send to others: the actions counted
 * per account and per address, and per recipient the last mail of each kind with the notices held back
 * for the digest that follows it.
 */
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Actions that mail someone else (a sign-up, a friend request, a category offered, accounts a school
 * adds), one row per action with its weight (the mails it sends, or 1), kept for the window of its limit.
 * The account is not a reference: the count outlives an account deleted to start afresh.
 */
export const mailActions = pgTable(
  'mail_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    action: text('action').notNull(),
    accountId: integer('account_id'),
    ip: text('ip').notNull(),
    weight: integer('weight').notNull().default(1),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [
    index('mail_actions_account_idx').on(table.action, table.accountId, table.createdAt),
    index('mail_actions_ip_idx').on(table.action, table.ip, table.createdAt),
  ],
);

/** When a person was last mailed a notice of a kind (one an hour at most; the rest wait for a digest). */
export const mailWindows = pgTable(
  'mail_windows',
  {
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sentAt: moment('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.kind] })],
);

/** Notices held back because the person was mailed one of the kind within the hour: the next digest lists them. */
export const heldMails = pgTable(
  'held_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    values: jsonb('values').$type<Record<string, string | number>>().notNull(),
    createdAt: moment('created_at').notNull(),
  },
  (table) => [index('held_mails_recipient_idx').on(table.recipientId, table.kind, table.id)],
);
