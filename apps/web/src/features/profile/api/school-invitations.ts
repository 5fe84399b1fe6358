import { schoolRoutes } from '@flashcards/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

/** The invitations to join a school that I have not answered. */
export const schoolInvitationsQuery = queryOptions({
  queryKey: ['school-invitations'],
  queryFn: ({ signal }) => api.call(schoolRoutes.myInvitations, { signal }),
});

export const useSchoolInvitations = () => useQuery(schoolInvitationsQuery);

/**
 * Accepting joins a school (my school and roles change: the current user is read again); declining ends
 * the invitation. Either way the list is read again.
 */
export const useAnswerInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept
        ? api.call(schoolRoutes.acceptInvitation, { params: { id } })
        : api.call(schoolRoutes.declineInvitation, { params: { id } }),
    onSuccess: (_, { accept }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schoolInvitationsQuery.queryKey }),
        accept ? queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) : null,
      ]),
  });
};
