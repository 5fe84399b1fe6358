import {
  errorDetailSchema,
  fieldErrorsSchema,
  googleAuthorizationQuery,
  googleAuthorizationResponse,
  googleSignInBody,
  authRoutes as routes,
  tokenPairSchema,
} from '@flashcards/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { at } from '../../lib/route';
import { requestLanguage } from '../../lib/translate';
import { createGoogleService } from './google.service';

const FORM = 'application/x-www-form-urlencoded';

export const googleModule: FastifyPluginAsyncZod = async (app) => {
  // The sign-in arrives as a form post; fields become a plain object, validated like JSON.
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  const service = createGoogleService({
    db: app.db,
    config: app.config,
    log: app.log,
    issuePair: app.auth.issuePair,
  });
  const tags = ['accounts'];
  const badRequest = z.union([fieldErrorsSchema, errorDetailSchema]);
  // Without a client id and secret the routes answer 404, whatever the request holds.
  const onRequest = async () => service.assertConfigured();

  app.route({
    ...at(routes.googleAuthorizationUrl),
    onRequest,
    schema: {
      tags,
      summary: 'Start a Google sign-in: the address to send the browser to',
      description:
        'The `redirect_uri` must be an address of this site; Google sends the browser back to it with ' +
        '`code` and `state`, which go to the POST of this path within 10 minutes.',
      querystring: googleAuthorizationQuery,
      response: { 200: googleAuthorizationResponse, 400: badRequest, 404: errorDetailSchema },
    },
    handler: async (request) => service.authorizationUrl(request.query.redirect_uri),
  });

  app.route({
    ...at(routes.googleSignIn),
    onRequest,
    schema: {
      tags,
      summary: 'Finish a Google sign-in: an access and a refresh token',
      description:
        'Signs in the account of the verified Google e-mail address, creating it on the first sign-in. ' +
        'Each `state` works once.',
      consumes: [FORM, 'application/json'],
      body: googleSignInBody,
      response: { 200: tokenPairSchema, 400: badRequest, 404: errorDetailSchema },
    },
    handler: async (request) =>
      service.signIn(request.body, requestLanguage(request.headers['accept-language'])),
  });
};
