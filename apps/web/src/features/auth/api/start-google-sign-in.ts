import { authRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** Where Google sends the browser back to: this app's /login/google, on the address it is opened at. */
export const googleRedirectUri = () => `${window.location.origin}${paths.loginGoogle}`;

export const getGoogleAuthorizationUrl = (redirectUri: string) =>
  api.call(authRoutes.googleAuthorizationUrl, { query: { redirect_uri: redirectUri } });

/** Asks the server for Google's sign-in address and sends the browser there. */
export const useStartGoogleSignIn = () =>
  useMutation({
    mutationFn: () => getGoogleAuthorizationUrl(googleRedirectUri()),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
