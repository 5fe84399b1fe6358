import { authRoutes, type User, userSchema } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

/** PATCH of the profile as multipart (spec): only the fields in the form change. */
export const updateProfile = (changes: FormData) =>
  api.request(authRoutes.updateMe, { body: changes, schema: userSchema });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user: User) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
};
