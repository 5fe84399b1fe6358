import { authRoutes } from '@flashcards/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/current-user';

export type ChangeEmailInput = { current_password: string; new_email: string };

/** Asks for the change: the server mails a link to the new address, which makes the change. */
export const useChangeEmail = () =>
  useMutation({ mutationFn: (body: ChangeEmailInput) => api.call(authRoutes.setEmail, { body }) });

/** The link's confirmation; a signed-in profile of this browser then shows the new e-mail. */
export const useConfirmEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { uid: string; token: string }) => api.call(authRoutes.setEmailConfirm, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
};
