import { guardianRoutes } from '@flashcards/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { schoolKeys } from './school-keys';

/** The guardians of my school's students, one call for the whole list. */
export const useSchoolGuardians = () =>
  useQuery({
    queryKey: schoolKeys.guardians(),
    queryFn: ({ signal }) => api.call(guardianRoutes.schoolGuardians, { signal }),
  });

/** Sets (confirmed at once; the guardian is mailed) or removes a student's guardian e-mail. */
export const useStudentGuardianChange = () => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolKeys.guardians() });
  return {
    save: useMutation({
      mutationFn: ({ id, email, language }: { id: number; email: string; language: 'en' | 'bg' }) =>
        api.call(guardianRoutes.setStudentGuardian, { params: { id }, body: { email, language } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.call(guardianRoutes.removeStudentGuardian, { params: { id } }),
      onSuccess: refresh,
    }),
  };
};
