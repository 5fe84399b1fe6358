import {
  allCategoriesQuery,
  categoryBody,
  categoryListQuery,
  categorySchema,
  categoryUpdateBody,
  errorDetailSchema,
  fieldErrorsSchema,
  idParams,
  marketCategorySchema,
  marketRoutes,
  mergeCategoryBody,
  paginated,
  resetCategoryBody,
  cardRoutes as routes,
} from '@flashcards/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageWindow, toPage } from '../../lib/pagination';
import { at, noContent } from '../../lib/route';
import { toCategoryResponse, toMarketCategory } from './categories.presenter';
import type { CardKind } from './categories.repository';
import { createCategoriesService } from './categories.service';

const DECK_KINDS: CardKind[] = ['text', 'picture'];
const KIDS_KINDS: CardKind[] = ['kids'];

const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCategoriesService({
    db: app.db,
    config: app.config,
    storage: app.storage,
    log: app.log,
  });
  app.decorate('categories', service);
  const present = (row: Parameters<typeof toCategoryResponse>[0]) => toCategoryResponse(row, app.storage);
  const common = { tags: ['categories'], security: [{ jwt: [] }] };
  const errors = { 400: fieldErrorsSchema, 401: errorDetailSchema, 404: errorDetailSchema };

  for (const [route, kinds, summary] of [
    [routes.categories, DECK_KINDS, 'My text and picture categories (paginated)'],
    [routes.kidsCategories, KIDS_KINDS, 'My kids categories (paginated)'],
  ] as const) {
    app.route({
      ...at(route),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary,
        description: "`user_id` is accepted for compatibility; the list is always the signed-in user's own.",
        querystring: categoryListQuery,
        response: { 200: paginated(categorySchema), ...errors },
      },
      handler: async (request) => {
        const window = pageWindow(request.query.page);
        const { total, rows } = await service.page(request.user!, [...kinds], {
          aiCreated: request.query.ai_created,
          sort: { by: request.query.sort_by, order: request.query.sort_order },
          limit: window.limit,
          offset: window.offset,
        });
        return toPage(request, window, total, rows.map(present));
      },
    });
  }

  for (const [route, kinds, summary] of [
    [routes.allCategories, DECK_KINDS, 'All my text and picture categories'],
    [routes.allKidsCategories, KIDS_KINDS, 'All my kids categories'],
  ] as const) {
    app.route({
      ...at(route),
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary,
        querystring: allCategoriesQuery,
        response: { 200: categorySchema.array(), ...errors },
      },
      handler: async (request) => (await service.all(request.user!, [...kinds])).map(present),
    });
  }

  app.route({
    ...at(marketRoutes.publicMarketCategory),
    schema: {
      tags: ['market'],
      summary: 'A catalog category (no sign-in); categories not approved on the catalog answer 404',
      params: idParams,
      response: { 200: marketCategorySchema, 404: errorDetailSchema },
    },
    handler: async (request) => toMarketCategory(await service.catalogDetail(request.params.id)),
  });

  app.route({
    ...at(routes.createCategory),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'Create a category',
      body: categoryBody,
      response: { 201: categorySchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(present(await service.create(request.user!, request.body))),
  });

  app.route({
    ...at(routes.category),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'One of my categories',
      params: idParams,
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) => present(await service.get(request.user!, request.params.id)),
  });

  app.route({
    ...at(routes.updateCategory),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'Rename or describe a category; the type changes only while it has no cards',
      params: idParams,
      body: categoryUpdateBody,
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) => present(await service.update(request.user!, request.params.id, request.body)),
  });

  app.route({
    ...at(routes.deleteCategory),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: 'Delete a category with its cards and files',
      params: idParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.remove(request.user!, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.resetCategory),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: "Set every score of the category's cards to zero",
      body: resetCategoryBody,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await service.reset(request.user!, request.body.category_id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...at(routes.mergeCategory),
    onRequest: app.authenticate,
    schema: {
      ...common,
      summary: "Move the child category's cards into the parent and delete the child",
      body: mergeCategoryBody,
      response: { 200: categorySchema, ...errors },
    },
    handler: async (request) =>
      present(
        await service.merge(request.user!, request.body.parent_category_id, request.body.child_category_id),
      ),
  });
};

/** Not encapsulated: the cards module uses `app.categories` for ownership and catalog checks. */
export const categoriesModule = fp(categoriesRoutes, {
  name: 'categories-module',
  dependencies: ['auth', 'storage'],
});

declare module 'fastify' {
  interface FastifyInstance {
    categories: ReturnType<typeof createCategoriesService>;
  }
}
