/**
 * The classes and groups that assignments follow (docs/design.md "Assignments that follow a class"): the
 * learning-paths module gives paths to them, the exams module exams. Both read a target and its members
 * here, so that "a member of the class or group" means one thing.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './client';
import { rowsOf } from './rows';

/** A class with its school and the requester's role in it (null: they do not teach it). */
export const classTarget = async (db: Executor, classId: number, me: number) =>
  (
    await rowsOf(
      db,
      sql`select sc.id, sc.school_id, sc.name, ct.role
        from school_classes sc left join class_teachers ct on ct.class_id = sc.id and ct.teacher_id = ${me}
        where sc.id = ${classId}`,
      z.object({ id: z.number(), school_id: z.number(), name: z.string(), role: z.string().nullable() }),
    )
  )[0];

export const groupTarget = async (db: Executor, groupId: number) =>
  (
    await rowsOf(
      db,
      sql`select id, author_id, name from user_groups where id = ${groupId}`,
      z.object({ id: z.number(), author_id: z.number(), name: z.string() }),
    )
  )[0];

/** A class's students: the school's students whose class it is. */
export const classStudentIds = async (db: Executor, classId: number) =>
  (
    await rowsOf(
      db,
      sql`select u.id from users u join school_classes sc on sc.id = u.school_class_id
        where u.school_class_id = ${classId} and u.school_id = sc.school_id and u.is_student`,
      z.object({ id: z.number() }),
    )
  ).map((row) => row.id);

export const groupMemberIds = async (db: Executor, groupId: number) =>
  (
    await rowsOf(
      db,
      sql`select user_id as id from user_group_members where group_id = ${groupId}`,
      z.object({ id: z.number() }),
    )
  ).map((row) => row.id);

/**
 * Whether `person` is a member of the target of the assignment aliased `a` now: its class's student, or
 * its group's member.
 */
export const memberOfTarget = (person: SQL) => sql`(
  (a.school_class_id is not null and exists (select 1 from users u join school_classes sc on sc.id = u.school_class_id
    where u.id = ${person} and u.school_class_id = a.school_class_id and u.school_id = sc.school_id and u.is_student))
  or (a.user_group_id is not null and exists (select 1 from user_group_members m
    where m.group_id = a.user_group_id and m.user_id = ${person})))`;

/**
 * The pairs (`assignment_id`, `user_id`) of these people and the assignments of `table` (aliased `a`)
 * whose class or group they are in, among the assignments `open` keeps; not the assignment's own author.
 */
export const targetMemberships = (
  table: 'path_assignments' | 'exam_assignments',
  userIds: number[],
  open: SQL,
) => sql`with people as (
    select u.id, u.school_class_id, u.school_id, u.is_student from users u where u.id in ${userIds})
  select a.id as assignment_id, pe.id as user_id from ${sql.raw(table)} a
    join school_classes sc on sc.id = a.school_class_id
    join people pe on pe.school_class_id = a.school_class_id and pe.school_id = sc.school_id and pe.is_student
    where ${open} and a.created_by_id <> pe.id
  union
  select a.id, m.user_id from ${sql.raw(table)} a
    join user_group_members m on m.group_id = a.user_group_id
    where m.user_id in ${userIds} and ${open} and a.created_by_id <> m.user_id`;
