import { type Actor, rules } from '../../lib/access';

/**
 * Tests and exams are refused to the accounts a school created until they are claimed. A test is its
 * author's alone; an exam is its teacher's to follow and change and its student's to take; the principals of
 * the teacher's school follow it read-only; to anyone else either does not exist.
 */
export const examPolicy = {
  use: rules.feature,
  author: (actor: Actor, test: { created_by_id: number }) => test.created_by_id === actor.id,
  teach: (actor: Actor, exam: { teacher_id: number }) => exam.teacher_id === actor.id,
  take: (actor: Actor, exam: { student_id: number }) => exam.student_id === actor.id,
  /** An exam given to a class or a group is its teacher's alone to follow and change. */
  assign: (actor: Actor, assignment: { created_by_id: number }) => assignment.created_by_id === actor.id,
  follow: (
    actor: Actor,
    exam: { teacher_id: number; student_id: number; teacher_school_id: number | null },
  ) =>
    exam.teacher_id === actor.id ||
    exam.student_id === actor.id ||
    rules.oversees(actor, { teacherSchoolId: exam.teacher_school_id }),
  /** The exams of a teacher of the principal's school, read-only (another school's teacher: 404). */
  oversee: (actor: Actor, teacher: { schoolId: number | null; isTeacher: boolean }) =>
    teacher.isTeacher && rules.oversees(actor, { teacherSchoolId: teacher.schoolId }),
};
