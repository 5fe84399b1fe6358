import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export type ChangePasswordInput = {
  current_password: string;
  new_password: string;
  re_new_password: string;
  logout_other_sessions: boolean;
};

export const changePassword = (body: ChangePasswordInput) => api.call(authRoutes.setPassword, { body });

/** Changes the password; this session goes on with the new pair the server answers. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword, onSuccess: storeTokens });
