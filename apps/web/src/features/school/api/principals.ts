import { adminSchoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

export type NewPrincipal = { schoolId: number; email: string; first_name: string; last_name: string };

/** Names a principal by e-mail: an existing account, or a new one invited by mail. */
export const addPrincipal = ({ schoolId, email, first_name, last_name }: NewPrincipal) =>
  api.call(adminSchoolRoutes.addPrincipal, {
    params: { id: schoolId },
    body: { email, first_name: first_name || undefined, last_name: last_name || undefined },
  });

/** Takes the principal role away; the account stays and leaves the school. */
export const removePrincipal = ({ schoolId, userId }: { schoolId: number; userId: number }) =>
  api.call(adminSchoolRoutes.removePrincipal, { params: { id: schoolId, userId } });

export const useAddPrincipal = () => useSchoolChange(addPrincipal);
export const useRemovePrincipal = () => useSchoolChange(removePrincipal);
