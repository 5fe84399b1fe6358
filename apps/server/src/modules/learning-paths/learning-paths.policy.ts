import { type Actor, rules } from '../../lib/access';

/**
 * Learning paths are refused to the accounts a school created until they are claimed (the reduced menu
 * leaves them out). A path is its teacher's to see and delete, and its student's to study; the principals of
 * the teacher's school see it read-only; to anyone else it does not exist.
 */
export const learningPathPolicy = {
  use: rules.feature,
  teach: (actor: Actor, path: { created_by_id: number }) => path.created_by_id === actor.id,
  study: (actor: Actor, path: { assigned_user_id: number }) => path.assigned_user_id === actor.id,
  follow: (
    actor: Actor,
    path: { created_by_id: number; assigned_user_id: number; created_by_school_id: number | null },
  ) =>
    path.created_by_id === actor.id ||
    path.assigned_user_id === actor.id ||
    rules.oversees(actor, { teacherSchoolId: path.created_by_school_id }),
  /** A study session's last answer, to take back: the student's own. */
  undo: (actor: Actor, session: { userId: number }) => rules.owner(actor, session),
  /** The paths of a teacher of the principal's school, read-only (another school's teacher: 404). */
  oversee: (actor: Actor, teacher: { schoolId: number | null; isTeacher: boolean }) =>
    teacher.isTeacher && rules.oversees(actor, { teacherSchoolId: teacher.schoolId }),
};
