/** Owner: the ai module. */
import type { AiCard } from '@flashcards/contract';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const aiTaskKindEnum = pgEnum('ai_task_kind', ['text', 'images']);
export const aiTaskStatusEnum = pgEnum('ai_task_status', ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE']);

const moment = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A generation of cards, run by a job. A task not finished by `expires_at` (its job died on every
 * attempt) reads as failed, so none stays started forever.
 */
export const aiTasks = pgTable(
  'ai_tasks',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: aiTaskKindEnum('kind').notNull(),
    status: aiTaskStatusEnum('status').notNull().default('PENDING'),
    /** What was asked: the topic's fields, or the photos' storage keys with the language and quantity. */
    input: jsonb('input').notNull(),
    cards: jsonb('cards').$type<AiCard[]>(),
    error: text('error'),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    finishedAt: moment('finished_at'),
  },
  (table) => [index('ai_tasks_user_idx').on(table.userId, table.status)],
);
