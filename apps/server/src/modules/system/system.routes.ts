import {
  errorDetailSchema,
  healthSchema,
  publicStatsSchema,
  readySchema,
  systemRoutes as routes,
  siteSchema,
} from '@flashcards/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceUnavailable } from '../../lib/api-error';
import type { SiteContent } from './site-content';
import { createSystemService } from './system.service';

export const systemModule: FastifyPluginAsyncZod<{ content: SiteContent }> = async (app, options) => {
  const service = createSystemService({
    database: app.database,
    config: app.config,
    content: options.content,
  });
  const tags = ['system'];

  app.route({
    ...routes.health,
    url: routes.health.path,
    schema: { tags, summary: 'The process is up', response: { 200: healthSchema } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...routes.ready,
    url: routes.ready.path,
    schema: {
      tags,
      summary: 'The database is reachable',
      response: { 200: readySchema, 503: errorDetailSchema },
    },
    handler: async () => {
      if (!(await service.isReady())) throw serviceUnavailable();
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  app.route({
    ...routes.site,
    url: routes.site.path,
    schema: { tags, summary: 'Public facts of this deployment', response: { 200: siteSchema } },
    handler: async () => service.site(),
  });

  app.route({
    ...routes.publicStats,
    url: routes.publicStats.path,
    schema: {
      tags,
      summary: 'Counts of categories and cards for the home page',
      response: { 200: publicStatsSchema },
    },
    handler: async (_request, reply) => {
      // Shared caches may keep it briefly: the counts change slowly and every visitor of the home page asks.
      reply.header('cache-control', 'public, max-age=60');
      return service.publicStats();
    },
  });
};
