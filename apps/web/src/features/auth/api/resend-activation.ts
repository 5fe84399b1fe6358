import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Mails the activation link again; the server answers the same whether or not the address is known. */
export const resendActivation = (email: string) => api.call(authRoutes.resendActivation, { body: { email } });

export const useResendActivation = () => useMutation({ mutationFn: resendActivation });
