import { activityEntrySchema, errorDetailSchema, practiceRoutes as routes } from '@flashcards/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { at } from '../../lib/route';
import { createPracticeService } from './practice.service';

const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPracticeService({ db: app.db, config: app.config });
  app.decorate('practice', service);

  app.route({
    ...at(routes.myActivity),
    onRequest: app.authenticate,
    schema: {
      tags: ['practice'],
      security: [{ jwt: [] }],
      summary: 'My activity: one entry per day, newest first',
      response: { 200: activityEntrySchema.array(), 401: errorDetailSchema },
    },
    handler: async (request) =>
      (await service.activity(request.user!)).map((row) => ({
        create_at: row.day,
        card_requests: row.cardRequests,
        learned_cards_verbal: row.learnedCardsVerbal,
        learned_cards_typing: row.learnedCardsTyping,
        completed_categories_verbal: row.completedCategoriesVerbal,
        completed_categories_typing: row.completedCategoriesTyping,
        daily_limit: row.dailyLimit,
      })),
  });
};

/** Not encapsulated: the cards module sends answers and deck checks through `app.practice`. */
export const practiceModule = fp(practiceRoutes, { name: 'practice-module', dependencies: ['auth'] });

declare module 'fastify' {
  interface FastifyInstance {
    practice: ReturnType<typeof createPracticeService>;
  }
}
