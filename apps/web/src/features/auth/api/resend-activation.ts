import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Mails the activation link again; the server answers the same whether or not the address is known. */
export const resendActivation = (email: string) =>
  api.request(authRoutes.resendActivation, { body: { email }, auth: false });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
