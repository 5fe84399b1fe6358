/**
 * Guardians: written by the guardians module. One guardian e-mail per student, set by a principal of the
 * student's school (confirmed at once) or by the student (confirmed by the guardian's link); confirmed
 * guardians who have not unsubscribed get the weekly summary.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languageEnum, users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const guardians = pgTable(
  'guardians',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One guardian per student: replacing it deletes the row and starts over with a new one. */
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The language of the guardian's mails (the student's when it was set, unless chosen). */
    language: languageEnum('language').notNull(),
    /** Who set it: `principal` (confirmed at once) or `student` (confirmed by the guardian). */
    setBy: text('set_by').notNull(),
    setById: integer('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The row's links carry a token the server makes from this random key with its secret (the weekly job
     * makes it again for each summary); only the token's SHA-256 is stored, and the links find the row by
     * it (docs/design.md "Guardians").
     */
    linkKey: text('link_key').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: moment('created_at').notNull(),
    confirmedAt: moment('confirmed_at'),
    unsubscribedAt: moment('unsubscribed_at'),
    /** The Monday (UTC) of the last week whose summary was queued: a week is never mailed twice. */
    summaryWeek: date('summary_week', { mode: 'string' }),
  },
  (table) => [
    check('guardians_set_by_check', sql`${table.setBy} in ('principal', 'student')`),
    uniqueIndex('guardians_student_idx').on(table.studentId),
    uniqueIndex('guardians_token_hash_idx').on(table.tokenHash),
    // The weekly job walks the guardians who get summaries, by id.
    index('guardians_subscribed_idx')
      .on(table.id)
      .where(sql`${table.confirmedAt} is not null and ${table.unsubscribedAt} is null`),
  ],
);
