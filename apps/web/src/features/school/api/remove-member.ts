import { schoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

/** Removes a student or teacher: an account the school made is deleted, a joined one leaves the school. */
export const removeMember = (id: number) => api.call(schoolRoutes.removeSchoolStudent, { params: { id } });

export const useRemoveMember = () => useSchoolChange(removeMember);
