import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api, browserTimeZone } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/session';

export type GoogleCallback = { state: string; code: string };

/**
 * The provider's `state` and `code`, posted form-encoded as the spec has it, for a token pair; with the
 * browser's time zone, which an account made by this sign-in keeps.
 */
export const finishGoogleSignIn = ({ state, code }: GoogleCallback) =>
  api.call(authRoutes.googleSignIn, { body: { state, code, time_zone: browserTimeZone() } });

export const useFinishGoogleSignIn = () =>
  useMutation({ mutationFn: finishGoogleSignIn, onSuccess: storeTokens });
