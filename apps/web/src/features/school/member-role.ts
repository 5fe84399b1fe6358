import type { SchoolStudent } from '@flashcards/contract';

export type MemberRole = 'principal' | 'teacher' | 'student';
export type MemberBadge = MemberRole | 'notSignedIn' | 'invited';

type Flags = Pick<SchoolStudent, 'is_organization_host' | 'is_teacher' | 'is_auto_created'> & {
  is_invited?: boolean;
};

/** A member's role in the school: a principal first, else a teacher, else a student. */
export const memberRole = (member: Flags): MemberRole =>
  member.is_organization_host ? 'principal' : member.is_teacher ? 'teacher' : 'student';

/**
 * The badges beside a member: the role, "invited" while the person has not answered the school's
 * invitation (the role they were invited as), and "not yet signed in" while the school's password is
 * unchanged.
 */
export const memberBadges = (member: Flags): MemberBadge[] =>
  member.is_invited
    ? [memberRole(member), 'invited']
    : member.is_auto_created
      ? [memberRole(member), 'notSignedIn']
      : [memberRole(member)];

/** Colours of the badges (filled, dark enough for white text). */
export const badgeColors: Record<MemberBadge, string> = {
  principal: 'grape.8',
  teacher: 'blue.8',
  student: 'teal.9',
  // A darker orange than the palette's, for white text on it.
  notSignedIn: '#9c3b07',
  invited: 'violet.9',
};

/**
 * What removing a member does: accounts the school created are deleted with everything in them; accounts
 * that joined with their own e-mail only leave the school; for someone invited, the invitation is
 * withdrawn. Principals are not removed by the principal.
 */
export const removalOf = (
  member: Pick<SchoolStudent, 'auto_school_add' | 'is_organization_host'> & { is_invited?: boolean },
) =>
  member.is_invited
    ? 'withdraw'
    : member.is_organization_host
      ? null
      : member.auto_school_add
        ? 'delete'
        : 'leave';

/**
 * The role change the principal can make: a student becomes a teacher and back; never a principal, and
 * not someone who is only invited.
 */
export const roleChangeOf = (member: Flags): 'makeTeacher' | 'makeStudent' | null =>
  member.is_organization_host || member.is_invited ? null : member.is_teacher ? 'makeStudent' : 'makeTeacher';
