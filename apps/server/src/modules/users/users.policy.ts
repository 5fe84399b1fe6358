import { permissionDenied } from '../../lib/api-error';
import type { User } from '../../plugins/auth';

/** A principal runs a school: the account must stay while the school depends on it. */
export const assertMayDeleteAccount = (user: User) => {
  if (user.isOrganizationHost) throw permissionDenied('principal_cannot_delete');
};
