import { schoolRoutes } from '@flashcards/contract';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

/** Makes a member a teacher, or a student again (which takes a free seat). */
export const updateMemberRole = ({ id, isTeacher }: { id: number; isTeacher: boolean }) =>
  api.call(schoolRoutes.updateSchoolStudent, { params: { id }, body: { is_teacher: isTeacher } });

export const useUpdateMemberRole = () => useSchoolChange(updateMemberRole);
