import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Mails a password reset link; the server never tells whether the address has an account. */
export const resetPassword = (email: string) => api.call(authRoutes.resetPassword, { body: { email } });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
