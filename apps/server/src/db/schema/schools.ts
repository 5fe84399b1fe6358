/**
 * Schools: written by the schools module. Membership is on the account (`users.school_id` with the role
 * flags), so a person belongs to at most one school.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const schools = pgTable(
  'schools',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    town: text('town').notNull().default(''),
    website: text('website').notNull().default(''),
    /** Storage key of the logo image (under the school's prefix). */
    logo: text('logo'),
    description: text('description').notNull().default(''),
    isPaid: boolean('is_paid').notNull().default(false),
    /** Seats: how many students the school may have. */
    availableStudents: integer('available_students').notNull().default(0),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('schools_available_students_check', sql`${table.availableStudents} >= 0`),
    // The lists, by name.
    index('schools_name_idx').on(sql`lower(${table.name})`, table.id),
    // Staff search: a part of the name or of the town.
    index('schools_name_town_trgm_idx').using(
      'gin',
      sql`lower(${table.name} || ' ' || ${table.town}) gin_trgm_ops`,
    ),
  ],
);
