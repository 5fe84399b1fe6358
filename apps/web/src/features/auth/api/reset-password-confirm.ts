import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ResetPasswordConfirmInput = {
  uid: string;
  token: string;
  new_password: string;
  re_new_password: string;
};

export const resetPasswordConfirm = (body: ResetPasswordConfirmInput) =>
  api.call(authRoutes.resetPasswordConfirm, { body });

export const useResetPasswordConfirm = () => useMutation({ mutationFn: resetPasswordConfirm });
