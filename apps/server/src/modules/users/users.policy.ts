import { type Actor, refuse } from '../../lib/access';

/** Who may do what with an account: only its own person acts on it. */
export const accountPolicy = {
  /** A principal runs a school: the account may go only while the school has another principal. */
  delete: (actor: Actor, account: Actor & { otherPrincipals: number }) =>
    actor.id === account.id &&
    (!account.isOrganizationHost || account.otherPrincipals > 0 || refuse('principal_cannot_delete')),
};
