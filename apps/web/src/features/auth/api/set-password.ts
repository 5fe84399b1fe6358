import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export type SetPasswordInput = { current_password: string; new_password: string; re_new_password: string };

export const setPassword = (body: SetPasswordInput) => api.call(authRoutes.setPassword, { body });

/**
 * Changes the password (an account a school created is claimed by it). Every other session ends; this one
 * goes on with the new pair the server answers.
 */
export const useSetPassword = () => useMutation({ mutationFn: setPassword, onSuccess: storeTokens });
