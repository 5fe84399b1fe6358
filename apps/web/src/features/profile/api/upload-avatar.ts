import { authRoutes, type User } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

export const uploadAvatar = (file: File) => api.call(authRoutes.uploadAvatar, { body: { avatar: file } });

/** Changes the picture; the answer is the updated user, which the top bar shows at once. */
export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user: User) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
};
