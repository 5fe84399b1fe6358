import { schoolRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

export const leaveSchool = () => api.call(schoolRoutes.leaveSchool);

/** Leaving changes the user's school and roles: the current user is read again. */
export const useLeaveSchool = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSchool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
};
