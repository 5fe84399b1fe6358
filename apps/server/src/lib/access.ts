import { type Message, notFound, permissionDenied } from './api-error';
import type { Account } from './entitlements';

/** The signed-in, active account a request acts as. */
export type Actor = Account;

/** A visible refusal: the object may be known to the actor, the action is not theirs (403 with a reason). */
export class Refusal {
  constructor(
    readonly key: string,
    readonly values?: Message['values'],
  ) {}
}
export const refuse = (key: string, values?: Message['values']) => new Refusal(key, values);

/**
 * One rule of a policy: true allows; false hides the object (404, as if it did not exist: another
 * user's private object is never revealed); a Refusal forbids with its reason (403).
 */
export type Rule<O> = (actor: Actor, object: O) => boolean | Refusal;

/**
 * The access check every service calls first: the object (undefined when it was not found) must pass the
 * rule for the actor. Returns the object, so a lookup and its check read as one line.
 */
export const authorize = <O>(actor: Actor, rule: Rule<O>, object: O | undefined): O => {
  if (object === undefined) throw notFound();
  const decision = rule(actor, object);
  if (decision instanceof Refusal) throw permissionDenied(decision.key, decision.values);
  if (!decision) throw notFound();
  return object;
};

/** Rules every feature can compose into its policy. */
export const rules = {
  /** The actor's own object. */
  owner: (actor: Actor, object: { userId: number }) => object.userId === actor.id,
  staff: (actor: Actor) => actor.isStaff || refuse('permission_denied'),
  /**
   * The features the reduced menu of auto-created accounts leaves out (AI, reports, learning paths,
   * exams, user groups) are refused to them.
   */
  feature: (actor: Actor): boolean | Refusal => !actor.isAutoCreated || refuse('auto_created_restricted'),
  /** A principal of a school (the spec's message for anyone else). */
  principal: (actor: Actor): boolean | Refusal =>
    (actor.isOrganizationHost && actor.schoolId !== null) || refuse('school_restricted'),
  /**
   * A principal overseeing the work of a teacher of their school (a path or exam whose teacher's school
   * is given): read-only, so only read rules use it.
   */
  oversees: (actor: Actor, work: { teacherSchoolId: number | null }) =>
    actor.isOrganizationHost && actor.schoolId !== null && work.teacherSchoolId === actor.schoolId,
};
