import { schoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

export type NewMember = { first_name: string; last_name: string; email: string; is_teacher: boolean };

/** Adds one student or teacher: a new account (with its initial password, once) or an existing one joins. */
export const registerMember = (body: NewMember) => api.call(schoolRoutes.registerStudent, { body });

export const useRegisterMember = () => useSchoolChange(registerMember);
