import {
  errorDetailSchema,
  fieldErrorsSchema,
  authRoutes as routes,
  updateMeBody,
  userSchema,
} from '@flashcards/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { at, noContent } from '../../lib/route';
import type { User } from '../../plugins/auth';
import { uploadedFile } from '../../plugins/multipart';
import { toUserResponse } from './users.presenter';
import { createUsersService } from './users.service';

export const usersModule: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService({ db: app.db, storage: app.storage, log: app.log });
  const tags = ['accounts'];
  const security = [{ jwt: [] }];
  const errors = { 401: errorDetailSchema, 400: fieldErrorsSchema };
  const present = async (user: User) => toUserResponse(user, await app.practice.badges(user), app.storage);

  app.route({
    ...at(routes.me),
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'The signed-in user',
      response: { 200: userSchema, 401: errorDetailSchema },
    },
    handler: async (request) => present(request.user!),
  });

  app.route({
    ...at(routes.updateMe),
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Change the profile; only the fields sent change (JSON or multipart, with an optional avatar)',
      description: '`id` and `email` are read-only and ignored.',
      consumes: ['application/json', 'multipart/form-data'],
      body: updateMeBody.extend({ avatar: uploadedFile.optional() }),
      response: { 200: userSchema, ...errors },
    },
    handler: async (request) => present(await service.updateProfile(request.user!, request.body)),
  });

  app.route({
    ...at(routes.uploadAvatar),
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Change the profile picture (multipart field `avatar`; JPEG, PNG, WebP, GIF, AVIF or HEIC)',
      consumes: ['multipart/form-data'],
      // A form without parts arrives as no body at all.
      body: z.preprocess(
        (value) => (value && typeof value === 'object' ? value : {}),
        z.object({ avatar: uploadedFile.optional() }),
      ),
      response: { 200: userSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request) => present(await service.uploadAvatar(request.user!, request.body.avatar)),
  });

  app.route({
    ...at(routes.removeUser),
    onRequest: app.authenticate,
    schema: {
      tags,
      security,
      summary: 'Delete the account with all its data and files',
      response: { 204: noContent, 401: errorDetailSchema, 403: errorDetailSchema },
    },
    handler: async (request, reply) => {
      await service.deleteAccount(request.user!);
      return reply.code(204).send(null);
    },
  });
};
