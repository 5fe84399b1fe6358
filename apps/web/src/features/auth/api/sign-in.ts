import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export type SignInInput = { email: string; password: string };

export const signIn = (body: SignInInput) => api.call(authRoutes.tokenCreate, { body });

/** Signs in with e-mail and password and keeps the token pair. */
export const useSignIn = () => useMutation({ mutationFn: signIn, onSuccess: storeTokens });
