/**
 * Who may give work to a class or a group, and its students then (docs/design.md "Assignments that follow
 * a class"): one rule for the paths and the exams given to them.
 */

import { classStudentIds, classTarget, groupMemberIds, groupTarget } from '../db/assignment-targets';
import type { Executor } from '../db/client';
import { type Actor, authorize } from './access';

/**
 * A class is given work by the teachers who teach it and by its school's principals (as the classes' own
 * rule reaches it); to anyone else it does not exist.
 */
export const givesToClass = (actor: Actor, target: { school_id: number; role: string | null }) =>
  target.school_id === actor.schoolId &&
  (actor.isOrganizationHost || (actor.isTeacher && target.role !== null));

/** A group is given work by its owner only. */
export const givesToGroup = (actor: Actor, group: { author_id: number }) => group.author_id === actor.id;

/**
 * The class or group named (exactly one of the two), if the requester may give it work (404 otherwise),
 * with its students other than the requester. Group members the requester no longer reaches (a friendship
 * ended) are left out, as a named student would be.
 */
export const assignmentTarget = async (
  tx: Executor,
  actor: Actor,
  named: { school_class?: number | null; user_group?: number | null },
  reachedAmong: (tx: Executor, me: number, ids: number[]) => Promise<number[]>,
) => {
  if (named.school_class != null) {
    const found = authorize(actor, givesToClass, await classTarget(tx, named.school_class, actor.id));
    const students = await classStudentIds(tx, found.id);
    return { schoolClassId: found.id, students: students.filter((id) => id !== actor.id) };
  }
  const group = authorize(actor, givesToGroup, await groupTarget(tx, named.user_group!));
  const members = (await groupMemberIds(tx, group.id)).filter((id) => id !== actor.id);
  return { userGroupId: group.id, students: await reachedAmong(tx, actor.id, members) };
};

/**
 * What follows the members of classes and groups (the paths and the exams given to them): run in the
 * transaction of every membership change with the people whose classes or groups changed.
 */
export type AssignmentsFollow = { membersChanged(tx: Executor, userIds: number[]): Promise<void> };
