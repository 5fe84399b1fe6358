import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export type SignInInput = { email: string; password: string };

export const signIn = (body: SignInInput) => api.call(authRoutes.tokenCreate, { body });

/** Signs in with e-mail and password and keeps the token pair. */
export const useSignIn = () => useMutation({ mutationFn: signIn, onSuccess: storeTokens });

/** Whether a sign-in failed only because the account, whose password was right, is not activated yet. */
export const isNotActivated = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 401 &&
  error.body !== null &&
  'code' in error.body &&
  error.body.code === 'account_not_activated';
