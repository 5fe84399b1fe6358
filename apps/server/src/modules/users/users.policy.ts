import { type Actor, refuse } from '../../lib/access';

/** Who may do what with an account: only its own person acts on it. */
export const accountPolicy = {
  /** A principal runs a school: the account must stay while the school depends on it. */
  delete: (actor: Actor, account: Actor) =>
    actor.id === account.id && (!account.isOrganizationHost || refuse('principal_cannot_delete')),
};
