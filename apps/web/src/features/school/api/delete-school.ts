import { adminSchoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

/** Deletes a school without students or teachers (409 otherwise); its principals leave it. */
export const deleteSchool = (id: number) => api.call(adminSchoolRoutes.deleteSchool, { params: { id } });

export const useDeleteSchool = () => useSchoolChange(deleteSchool);
