import type { Actor } from '../../lib/access';

type SchoolClass = { schoolId: number };

/** The school year of a day: a year starts on 1 August, when schools prepare the classes of September. */
export const schoolYearOf = (day: Date) => {
  const first = day.getUTCMonth() >= 7 ? day.getUTCFullYear() : day.getUTCFullYear() - 1;
  return `${first}/${first + 1}`;
};

/**
 * Who reaches a class: the principals of its school manage it; its teachers (teachers of that school who
 * teach it) see it and its members. To anyone else it does not exist (404).
 */
export const classPolicy = {
  /** A class of the principal's own school (checked after `schoolPolicy.manage`). */
  manage: (actor: Actor, schoolClass: SchoolClass) => schoolClass.schoolId === actor.schoolId,
  view: (actor: Actor, target: { schoolClass: SchoolClass; role: string | undefined }) =>
    target.schoolClass.schoolId === actor.schoolId &&
    (actor.isOrganizationHost || (actor.isTeacher && target.role !== undefined)),
};
