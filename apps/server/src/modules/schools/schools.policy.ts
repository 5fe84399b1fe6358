import { type Actor, refuse, rules } from '../../lib/access';

type Member = { schoolId: number | null; isOrganizationHost: boolean };

/**
 * Who may do what in a school. Principals manage their own school's members; anyone else is refused with
 * the spec's message, and another school's member does not exist to them (404).
 */
export const schoolPolicy = {
  /** The member's view of their school. */
  member: (actor: Actor) => actor.schoolId !== null || refuse('school_restricted'),
  /** Managing the school's members: its principals only. */
  manage: rules.principal,
  /** A member of the principal's own school. */
  ownMember: (actor: Actor, member: Member) => member.schoolId !== null && member.schoolId === actor.schoolId,
  /**
   * Leaving one's school: an account that joined it with its own e-mail. An account the school created
   * belongs to the school (the principal removes it), and principals are staff's to manage.
   */
  leave: (actor: Actor) =>
    actor.schoolId === null
      ? refuse('school_restricted')
      : actor.isOrganizationHost
        ? refuse('school_principal_cannot_leave')
        : !actor.autoSchoolAdd || refuse('school_created_cannot_leave'),
  /** An invitation the actor may answer: their own, not answered yet (anyone else's does not exist to them). */
  invited: (actor: Actor, invitation: { userId: number; status: string }) =>
    invitation.userId === actor.id && invitation.status === 'pending',
  /** Removing a member: principals are staff's to manage. */
  remove: (actor: Actor, member: Member) =>
    schoolPolicy.ownMember(actor, member) &&
    (!member.isOrganizationHost || refuse('school_principal_not_removable')),
};
