import { authRoutes, type BodyOf, type User } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

export type ProfileChanges = BodyOf<typeof authRoutes.updateMe>;

/** PATCH of the profile as multipart (spec): only the fields sent change. */
export const updateProfile = (body: ProfileChanges) => api.call(authRoutes.updateMe, { body });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user: User) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
};
