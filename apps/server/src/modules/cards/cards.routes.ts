import {
  cardListQuery,
  cardPageQuery,
  categoryIdQuery,
  errorDetailSchema,
  fieldErrorsSchema,
  idParams,
  idValue,
  kidsCardFields,
  kidsCardSchema,
  paginated,
  pictureCardFields,
  pictureCardSchema,
  type Route,
  cardRoutes as routes,
  tagsValue,
  textCardBody,
  textCardSchema,
} from '@flashcards/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageWindow, toPage } from '../../lib/pagination';
import { at, noContent } from '../../lib/route';
import { uploadedFile } from '../../plugins/multipart';
import type { CardKind } from '../categories/categories.repository';
import { toKidsCard, toPictureCard, toTextCard } from './cards.presenter';
import type { CardRow } from './cards.repository';
import { createCardsService } from './cards.service';

export const cardsModule: FastifyPluginAsyncZod = async (app) => {
  const service = createCardsService({
    db: app.db,
    storage: app.storage,
    log: app.log,
    categories: app.categories,
  });
  const common = { tags: ['cards'], security: [{ jwt: [] }] };
  const publicCommon = { tags: ['cards'] };
  const errors = { 400: fieldErrorsSchema, 401: errorDetailSchema, 404: errorDetailSchema };
  const multipart = { consumes: ['multipart/form-data'] };

  type KindRoutes = {
    kind: CardKind;
    schema: z.ZodType<unknown>;
    present: (card: CardRow) => unknown;
    page: Route;
    list: Route;
    one: Route;
    remove: Route;
    tags?: Route;
    publicTags?: Route;
    publicList?: Route;
  };
  const kinds: KindRoutes[] = [
    {
      kind: 'text',
      schema: textCardSchema,
      present: (card: CardRow) => toTextCard(card),
      tags: routes.textTags,
      page: routes.textCardsPage,
      list: routes.textCards,
      one: routes.textCard,
      remove: routes.deleteTextCard,
      publicTags: routes.publicTextTags,
      publicList: routes.publicTextCards,
    },
    {
      kind: 'picture',
      schema: pictureCardSchema,
      present: (card: CardRow) => toPictureCard(card, app.storage),
      tags: routes.pictureTags,
      page: routes.pictureCardsPage,
      list: routes.pictureCards,
      one: routes.pictureCard,
      remove: routes.deletePictureCard,
      publicTags: routes.publicPictureTags,
      publicList: routes.publicPictureCards,
    },
    {
      kind: 'kids',
      schema: kidsCardSchema,
      present: (card: CardRow) => toKidsCard(card, app.storage),
      page: routes.kidsCardsPage,
      list: routes.kidsCards,
      one: routes.kidsCard,
      remove: routes.deleteKidsCard,
    },
  ];

  for (const k of kinds) {
    const { schema } = k;

    app.route({
      ...at(k.page),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: `A page of the ${k.kind} cards of one of my categories, newest first`,
        querystring: cardPageQuery,
        response: { 200: paginated(schema), ...errors },
      },
      handler: async (request) => {
        const window = pageWindow(request.query.page);
        const { total, rows } = await service.page(
          request.user!,
          k.kind,
          {
            categoryId: request.query.category_id,
            tags: request.query.tags,
            search: request.query.search_value,
          },
          window.limit,
          window.offset,
        );
        return toPage(request, window, total, rows.map(k.present));
      },
    });

    app.route({
      ...at(k.list),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: `The ${k.kind} cards of one of my categories (tags and quantity filter)`,
        querystring: cardListQuery,
        response: { 200: schema.array(), ...errors },
      },
      handler: async (request) =>
        (
          await service.list(request.user!, k.kind, {
            categoryId: request.query.category_id,
            tags: request.query.tags,
            quantity: request.query.quantity,
          })
        ).map(k.present),
    });

    app.route({
      ...at(k.one),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: `One of my ${k.kind} cards`,
        params: idParams,
        response: { 200: schema, ...errors },
      },
      handler: async (request) => k.present(await service.get(request.user!, k.kind, request.params.id)),
    });

    app.route({
      ...at(k.remove),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: `Delete one of my ${k.kind} cards`,
        params: idParams,
        response: { 204: noContent, ...errors },
      },
      handler: async (request, reply) => {
        await service.remove(request.user!, k.kind, request.params.id);
        return reply.code(204).send(null);
      },
    });

    if (k.tags) {
      app.route({
        ...at(k.tags),
        onRequest: app.authenticate,
        schema: {
          ...common,
          summary: `The tags of my ${k.kind} cards in a category`,
          querystring: categoryIdQuery,
          response: { 200: z.array(z.string()), ...errors },
        },
        handler: async (request) => service.tags(request.user!, k.kind, request.query.category_id),
      });
    }
    if (k.publicTags && k.publicList) {
      app.route({
        ...at(k.publicTags),
        schema: {
          ...publicCommon,
          summary: `The tags of a catalog category's ${k.kind} cards (no sign-in)`,
          querystring: categoryIdQuery,
          response: { 200: z.array(z.string()), 404: errorDetailSchema },
        },
        handler: async (request) => service.publicTags(k.kind, request.query.category_id),
      });
      app.route({
        ...at(k.publicList),
        schema: {
          ...publicCommon,
          summary: `A catalog category's ${k.kind} cards (no sign-in); other categories answer 404`,
          querystring: categoryIdQuery.extend({ tags: tagsValue }),
          response: { 200: schema.array(), 404: errorDetailSchema },
        },
        handler: async (request) =>
          (
            await service.publicList(k.kind, {
              categoryId: request.query.category_id,
              tags: request.query.tags,
            })
          ).map(k.present),
      });
    }
  }

  app.route({
    ...at(routes.createTextCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'Add a text card',
      body: textCardBody,
      response: { 201: textCardSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(toTextCard(await service.createText(request.user!, request.body))),
  });

  app.route({
    ...at(routes.updateTextCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'Edit a text card',
      params: idParams,
      body: textCardBody,
      response: { 200: textCardSchema, ...errors },
    },
    handler: async (request) =>
      toTextCard(await service.updateText(request.user!, request.params.id, request.body)),
  });

  app.route({
    ...at(routes.uploadTextCards),
    onRequest: app.authenticate,
    schema: {
      ...common,
      ...multipart,
      summary: 'Add many text cards from a file, all or none',
      description:
        'A UTF-8 text file of at most 1000 cards: `Side one%Side two&Tag` per line, a tab-separated export ' +
        '(Quizlet, Anki: front, back, optional tag) or CSV with a header row. Any bad line rejects the whole file, ' +
        'naming the line.',
      body: z.object({ category_id: idValue, file: uploadedFile.optional() }),
      response: { 201: z.object({ created: z.number().int() }), ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request, reply) => {
      const created = await service.uploadText(request.user!, request.body.category_id, request.body.file);
      return reply.code(201).send({ created });
    },
  });

  const pictureBody = pictureCardFields.extend({ first_side: uploadedFile.optional() });
  app.route({
    ...at(routes.createPictureCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      ...multipart,
      summary: 'Add a picture card (multipart; first_side is the image)',
      body: pictureBody,
      response: { 201: pictureCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(toPictureCard(await service.createPicture(request.user!, request.body), app.storage)),
  });
  app.route({
    ...at(routes.updatePictureCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      ...multipart,
      summary: 'Edit a picture card; the image changes only when one is sent',
      params: idParams,
      body: pictureBody,
      response: { 200: pictureCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request) =>
      toPictureCard(await service.updatePicture(request.user!, request.params.id, request.body), app.storage),
  });

  const kidsBody = kidsCardFields.extend({
    first_side: uploadedFile.optional(),
    audio: uploadedFile.optional(),
  });
  app.route({
    ...at(routes.createKidsCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      ...multipart,
      summary: 'Add a kids card (multipart: picture, text, language, optional audio)',
      body: kidsBody,
      response: { 201: kidsCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(toKidsCard(await service.createKids(request.user!, request.body), app.storage)),
  });
  app.route({
    ...at(routes.updateKidsCard),
    onRequest: app.authenticate,
    schema: {
      ...common,
      ...multipart,
      summary: 'Edit a kids card; files change only when sent',
      params: idParams,
      body: kidsBody,
      response: { 200: kidsCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request) =>
      toKidsCard(await service.updateKids(request.user!, request.params.id, request.body), app.storage),
  });
};
