import { authRoutes } from '@flashcards/contract';
import { route } from '../../lib/routes';
import type { Services } from '../../services';

export const googleRouteHandlers = ({ google }: Services) => [
  route(authRoutes.googleAuthorizationUrl, async ({ query }) => {
    google.assertConfigured();
    return google.authorizationUrl(query.redirect_uri);
  }),
  route(authRoutes.googleSignIn, async ({ body, language }) => {
    google.assertConfigured();
    return google.signIn(body, language);
  }),
];
