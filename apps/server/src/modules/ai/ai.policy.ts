import { type Actor, rules } from '../../lib/access';

/** Who may generate: not auto-created accounts (docs/api.md "Roles and reach"). A task is its owner's alone. */
export const aiPolicy = {
  generate: rules.feature,
  readTask: (actor: Actor, task: { userId: number }) => rules.owner(actor, task),
};
