import { type Actor, rules } from '../../lib/access';

/**
 * User groups are their author's alone (anyone else's group does not exist to them), and refused to the
 * accounts a school created until they are claimed (the reduced menu leaves them out).
 */
export const userGroupPolicy = {
  use: rules.feature,
  own: (actor: Actor, group: { authorId: number }) => group.authorId === actor.id,
};
