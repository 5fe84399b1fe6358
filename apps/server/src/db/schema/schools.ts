/**
 * Schools: written by the schools module. Membership is on the account (`users.school_id` with the role
 * flags), so a person belongs to at most one school.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

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
    /** Shown on the public list of schools; every school was before the school could choose, so true. */
    isListed: boolean('is_listed').notNull().default(true),
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

export const schoolInvitationStatusEnum = pgEnum('school_invitation_status', [
  'pending',
  'accepted',
  'declined',
]);

/**
 * A principal's invitation of an account of its own (registered with an e-mail that already had an
 * account): the person joins the school only when they accept it. One row per school and person: inviting
 * again while it is pending changes nothing, a declined one is not renewed, an accepted one (the person
 * has since left) is renewed.
 */
export const schoolInvitations = pgTable(
  'school_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Invited as a teacher (no seat); otherwise as a student. */
    isTeacher: boolean('is_teacher').notNull().default(false),
    status: schoolInvitationStatusEnum('status').notNull().default('pending'),
    createdAt: moment('created_at').notNull().defaultNow(),
    answeredAt: moment('answered_at'),
  },
  (table) => [
    uniqueIndex('school_invitations_school_user_idx').on(table.schoolId, table.userId),
    // The invited person's notice: their pending invitations.
    index('school_invitations_user_idx').on(table.userId).where(sql`${table.status} = 'pending'`),
    index('school_invitations_invited_by_idx').on(table.invitedById),
  ],
);

/**
 * A class of a school in one school year ("7А", 2026/2027): its students have it as their class
 * (`users.school_class_id`), its teachers are in `class_teachers`.
 */
export const schoolClasses = pgTable(
  'school_classes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `2026/2027`: the school year starts in September. */
    schoolYear: text('school_year').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // One "7А" a year per school, whatever the case of its letter.
    uniqueIndex('school_classes_school_name_year_idx').on(
      table.schoolId,
      sql`lower(${table.name})`,
      table.schoolYear,
    ),
  ],
);

export const classTeacherRoleEnum = pgEnum('class_teacher_role', ['class_teacher', 'subject_teacher']);

/** Who teaches a class: one class teacher at most, and subject teachers. */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => schoolClasses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: classTeacherRoleEnum('role').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.classId, table.teacherId] }),
    uniqueIndex('class_teachers_one_class_teacher_idx')
      .on(table.classId)
      .where(sql`${table.role} = 'class_teacher'`),
    // A teacher's classes.
    index('class_teachers_teacher_idx').on(table.teacherId),
  ],
);
