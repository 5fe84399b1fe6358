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

/** Features the reduced menu of auto-created accounts leaves out; the server refuses them too. */
export type RestrictedFeature = 'ai' | 'reports' | 'learning_paths' | 'exams' | 'user_groups';

/**
 * The roles of docs/api.md "Roles and reach", read off the account. Reach (a teacher's or principal's students,
 * friends) needs the school and friendship data and comes with those features.
 */
export const roles = {
  isStaff: (actor: Actor) => actor.isStaff,
  isPrincipal: (actor: Actor) => actor.isOrganizationHost,
  isTeacher: (actor: Actor) => actor.isTeacher,
  isStudent: (actor: Actor) => actor.isStudent,
  isSchoolMember: (actor: Actor) => actor.isOrganizationMember,
  /** Made by a principal and not yet claimed by its person. */
  isAutoCreated: (actor: Actor) => actor.isAutoCreated,
};

/** Rules every feature can compose into its policy. */
export const rules = {
  /** The actor's own object. */
  owner: (actor: Actor, object: { userId: number }) => object.userId === actor.id,
  staff: (actor: Actor) => actor.isStaff || refuse('permission_denied'),
  /** A feature left out of the reduced menu is refused to auto-created accounts. */
  feature:
    (_feature: RestrictedFeature): Rule<unknown> =>
    (actor) =>
      !actor.isAutoCreated || refuse('auto_created_restricted'),
};
