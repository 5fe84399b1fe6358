import { type Actor, refuse } from '../../lib/access';

type Student = { schoolId: number | null; isStudent: boolean };

/**
 * Who sets a student's guardian: the principals of the student's school, and the student. A student of
 * another school, or a member who is not a student, does not exist to a principal (404); teachers and
 * anyone else are refused.
 */
export const guardianPolicy = {
  /** The principal's view of the school's guardians. */
  school: (actor: Actor) =>
    (actor.isOrganizationHost && actor.schoolId !== null) || refuse('school_restricted'),
  /** A student of the principal's own school (checked after `school`). */
  schoolStudent: (actor: Actor, student: Student) =>
    student.isStudent && student.schoolId !== null && student.schoolId === actor.schoolId,
  /** The student's own guardian. */
  own: (actor: Actor) => actor.isStudent || refuse('guardian_students_only'),
  /** A guardian the school set is the school's to change. */
  change: (_actor: Actor, guardian: { setBy: string }) =>
    guardian.setBy === 'student' || refuse('guardian_set_by_school'),
};
