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
  type ScoreField,
  scoreFields,
  TIME_ZONE_HEADER,
  tagsValue,
  textCardBody,
  textCardSchema,
} from '@flashcards/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageWindow, toPage } from '../../lib/pagination';
import { at, noContent } from '../../lib/route';
import { parseBody } from '../../lib/validate';
import { uploadedFile } from '../../plugins/multipart';
import type { CardKind } from '../categories/categories.repository';
import type { SignedIn } from '../practice/practice.service';
import { toKidsCard, toPictureCard, toTextCard } from './cards.presenter';
import type { CardRow } from './cards.repository';
import { createCardsService } from './cards.service';

/** The PUT of a card is an edit, or an answer when it carries a score field. */
const editOrAnswer = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);
const answeredField = (body: Record<string, unknown>): ScoreField | undefined =>
  scoreFields.find((field) => field in body);
const answerDescription =
  'A body holding one score field (`guesses_score`, `incorrect_guesses_score`, `guesses_score_typing` or ' +
  '`incorrect_guesses_score_typing`) is one answer: that score goes up by exactly one, whatever value is sent. ' +
  `The day is taken in the time zone of the \`${TIME_ZONE_HEADER}\` header (UTC by default). Without a subscription or ` +
  'trial, answers past the daily limit answer 403.';
const timeZoneOf = (request: FastifyRequest) => {
  const header = request.headers[TIME_ZONE_HEADER];
  return Array.isArray(header) ? header[0] : header;
};

export const cardsModule: FastifyPluginAsyncZod = async (app) => {
  const signedIn = (request: FastifyRequest): SignedIn => ({
    id: request.userId!,
    user: () => app.signedInUser(request),
  });
  const answer = (request: FastifyRequest & { params: { id: number } }, kind: CardKind, field: ScoreField) =>
    app.practice.answer(signedIn(request), kind, request.params.id, field, timeZoneOf(request));

  const service = createCardsService({
    db: app.db,
    storage: app.storage,
    log: app.log,
    categories: app.categories,
    practice: app.practice,
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
      // A deck call checks the account in its own statement.
      onRequest: k.kind === 'kids' ? app.authenticate : app.authenticateToken,
      schema: {
        ...common,
        summary:
          k.kind === 'kids'
            ? 'The kids cards of one of my categories'
            : `A deck of the ${k.kind} cards of one of my categories not yet learned in the mode (\`type\`)`,
        description:
          k.kind === 'kids'
            ? undefined
            : "Without a subscription or trial, this answers 403 once the day's answers reached the daily limit.",
        querystring: cardListQuery,
        response: { 200: schema.array(), ...errors },
      },
      handler: async (request) => {
        const query = {
          categoryId: request.query.category_id,
          tags: request.query.tags,
          quantity: request.query.quantity,
          mode: request.query.type,
          learnedThreshold: app.practice.learnedThreshold,
        };
        const deck =
          k.kind === 'kids'
            ? await service.list(request.user!, k.kind, query)
            : await service.deck(signedIn(request), k.kind, { ...query, timeZone: timeZoneOf(request) });
        return deck.map(k.present);
      },
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
    // An answer checks the account in its own statement; an edit loads it.
    onRequest: app.authenticateToken,
    schema: {
      ...common,
      summary: 'Edit a text card, or answer it',
      description: answerDescription,
      params: idParams,
      body: editOrAnswer,
      response: { 200: textCardSchema, ...errors },
    },
    handler: async (request) => {
      const field = answeredField(request.body);
      if (field) return toTextCard(await answer(request, 'text', field));
      return toTextCard(
        await service.updateText(
          await app.signedInUser(request),
          request.params.id,
          parseBody(textCardBody, request.body),
        ),
      );
    },
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
    // An answer checks the account in its own statement; an edit loads it.
    onRequest: app.authenticateToken,
    schema: {
      ...common,
      ...multipart,
      summary: 'Edit a picture card (the image changes only when one is sent), or answer it',
      description: answerDescription,
      params: idParams,
      body: editOrAnswer,
      response: { 200: pictureCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request) => {
      const field = answeredField(request.body);
      const card = field
        ? await answer(request, 'picture', field)
        : await service.updatePicture(
            await app.signedInUser(request),
            request.params.id,
            parseBody(pictureBody, request.body),
          );
      return toPictureCard(card, app.storage);
    },
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
      summary: 'Edit a kids card (files change only when sent), or count a listen',
      description:
        'A body holding `listen_counts` counts one listen (whatever its value) and changes nothing else.',
      params: idParams,
      body: editOrAnswer,
      response: { 200: kidsCardSchema, ...errors, 413: fieldErrorsSchema },
    },
    handler: async (request) => {
      const card =
        'listen_counts' in request.body
          ? await app.practice.listen(request.user!, request.params.id)
          : await service.updateKids(request.user!, request.params.id, parseBody(kidsBody, request.body));
      return toKidsCard(card, app.storage);
    },
  });
};
