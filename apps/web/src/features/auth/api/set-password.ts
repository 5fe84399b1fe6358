import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SetPasswordInput = { current_password: string; new_password: string; re_new_password: string };

export const setPassword = (body: SetPasswordInput) => api.call(authRoutes.setPassword, { body });

/** Changes the password (an account a school created is claimed by it). */
export const useSetPassword = () => useMutation({ mutationFn: setPassword });
