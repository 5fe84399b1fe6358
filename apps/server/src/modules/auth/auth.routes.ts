import {
  emailBody,
  errorDetailSchema,
  fieldErrorsSchema,
  registerBody,
  registerResponse,
  resetPasswordConfirmBody,
  authRoutes as routes,
  tokenCreateBody,
  tokenPairSchema,
  tokenRefreshBody,
  tokenVerifyBody,
  uidTokenBody,
} from '@flashcards/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { at, noContent } from '../../lib/route';
import { requestLanguage } from '../../lib/translate';
import { createAuthService } from './auth.service';

const authRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    config: app.config,
    tokens: app.tokens,
    mailer: app.mailer,
    log: app.log,
  });
  app.decorate('auth', service);
  const tags = ['accounts'];

  app.route({
    ...at(routes.register),
    schema: {
      tags,
      summary: 'Register; the account is activated from the e-mailed link',
      body: registerBody,
      response: { 201: registerResponse, 400: fieldErrorsSchema },
    },
    handler: async (request, reply) => {
      const user = await service.register(request.body, requestLanguage(request.headers['accept-language']));
      return reply
        .code(201)
        .send({ id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName });
    },
  });

  app.route({
    ...at(routes.activate),
    schema: {
      tags,
      summary: 'Activate an account (once)',
      body: uidTokenBody,
      response: { 204: noContent, 400: fieldErrorsSchema, 403: errorDetailSchema },
    },
    handler: async (request, reply) => {
      await service.activate(request.body.uid, request.body.token);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.resendActivation),
    schema: {
      tags,
      summary: 'Send the activation mail again (always 204)',
      body: emailBody,
      response: { 204: noContent },
    },
    handler: async (request, reply) => {
      await service.resendActivation(request.body.email);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.tokenCreate),
    schema: {
      tags,
      summary: 'Sign in: an access and a refresh token',
      description: 'After 5 failed attempts for one e-mail, or 20 from one address, within an hour: 429.',
      body: tokenCreateBody,
      response: { 200: tokenPairSchema, 401: errorDetailSchema, 429: errorDetailSchema },
    },
    handler: async (request) => service.login(request.body.email, request.body.password, request.ip),
  });

  app.route({
    ...at(routes.tokenRefresh),
    schema: {
      tags,
      summary: 'A new token pair; the refresh token presented stops working',
      body: tokenRefreshBody,
      response: { 200: tokenPairSchema, 401: errorDetailSchema },
    },
    handler: async (request) => service.refresh(request.body.refresh),
  });

  app.route({
    ...at(routes.tokenVerify),
    schema: {
      tags,
      summary: 'Check a token',
      body: tokenVerifyBody,
      response: { 200: z.object({}), 401: errorDetailSchema },
    },
    handler: async (request) => {
      await service.verifyToken(request.body.token);
      return {};
    },
  });

  app.route({
    ...at(routes.logout),
    schema: {
      tags,
      summary: 'Revoke a refresh token',
      body: tokenRefreshBody,
      response: { 204: noContent, 401: errorDetailSchema },
    },
    handler: async (request, reply) => {
      await service.logout(request.body.refresh);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.resetPassword),
    schema: {
      tags,
      summary: 'Mail a password reset link (always 204)',
      body: emailBody,
      response: { 204: noContent },
    },
    handler: async (request, reply) => {
      await service.requestPasswordReset(request.body.email);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.resetPasswordConfirm),
    schema: {
      tags,
      summary: 'Set a new password from the e-mailed link',
      body: resetPasswordConfirmBody,
      response: { 204: noContent, 400: fieldErrorsSchema },
    },
    handler: async (request, reply) => {
      await service.confirmPasswordReset(request.body);
      return reply.code(204).send(null);
    },
  });
};

/** Not encapsulated: other modules (Google sign-in) call the auth service through `app.auth`. */
export const authModule = fp(authRoutesPlugin, { name: 'auth-module', dependencies: ['auth', 'mailer'] });

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuthService>;
  }
}
