import { subscriptionRoutes } from '@flashcards/contract';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LoggerOptions } from 'pino';
import type { Config } from './config';
import { registerRoutes } from './lib/routes';
import { aiRouteHandlers } from './modules/ai/ai.routes';
import { authRouteHandlers } from './modules/auth/auth.routes';
import { cardExportRouteHandlers } from './modules/cards/card-export.routes';
import { cardImportRouteHandlers } from './modules/cards/card-imports.routes';
import { kidsCardRouteHandlers } from './modules/cards/kids-cards.routes';
import { pictureCardRouteHandlers } from './modules/cards/picture-cards.routes';
import { textCardRouteHandlers } from './modules/cards/text-cards.routes';
import { categoryRouteHandlers } from './modules/categories/categories.routes';
import { examResultRouteHandlers } from './modules/exams/exam-results.routes';
import { examRouteHandlers, testRouteHandlers } from './modules/exams/exams.routes';
import { friendRouteHandlers } from './modules/friends/friends.routes';
import { googleRouteHandlers } from './modules/google/google.routes';
import { guardianRouteHandlers } from './modules/guardians/guardians.routes';
import { homeRouteHandlers } from './modules/home/home.routes';
import { learningPathRouteHandlers } from './modules/learning-paths/learning-paths.routes';
import { liveRouteHandlers } from './modules/live/live.routes';
import { liveSocketPlugin } from './modules/live/live.socket';
import { marketRouteHandlers } from './modules/market/market.routes';
import { notificationRouteHandlers } from './modules/notifications/notifications.routes';
import { offlineRouteHandlers } from './modules/offline/offline.routes';
import { practiceRouteHandlers } from './modules/practice/practice.routes';
import { privateSendingRouteHandlers } from './modules/private-sending/private-sending.routes';
import { reportRouteHandlers } from './modules/reports/reports.routes';
import { reviewRouteHandlers } from './modules/review/review.routes';
import { schoolClassRouteHandlers } from './modules/schools/classes.routes';
import { adminSchoolRouteHandlers, schoolRouteHandlers } from './modules/schools/schools.routes';
import { speechRouteHandlers } from './modules/speech/speech.routes';
import {
  adminAffiliateRouteHandlers,
  affiliateRouteHandlers,
  subscriptionRouteHandlers,
} from './modules/subscriptions/subscriptions.routes';
import { systemRouteHandlers } from './modules/system/system.routes';
import { userGroupRouteHandlers } from './modules/user-groups/user-groups.routes';
import { userRouteHandlers } from './modules/users/users.routes';
import { compressPlugin } from './plugins/compress';
import { clientError, errorsPlugin, routerError } from './plugins/errors';
import { formBodyPlugin } from './plugins/form-body';
import { multipartPlugin } from './plugins/multipart';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { mediaPlugin } from './plugins/storage';
import { validatorCompiler } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildAppOptions = {
  services: Services;
  /** The logger the services were given too. */
  log: FastifyBaseLogger;
};

export const loggerOptions = (config: Config): LoggerOptions => ({
  level: config.logLevel,
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[hidden]',
  },
});

/** Every route of the API, from the modules' handlers of the contract's definitions. */
const routeHandlers = (services: Services) => [
  ...systemRouteHandlers(services),
  ...authRouteHandlers(services),
  ...googleRouteHandlers(services),
  ...userRouteHandlers(services),
  ...homeRouteHandlers(services),
  ...practiceRouteHandlers(services),
  ...offlineRouteHandlers(services),
  ...reviewRouteHandlers(services),
  ...categoryRouteHandlers(services),
  ...textCardRouteHandlers(services),
  ...speechRouteHandlers(services),
  ...liveRouteHandlers(services),
  ...pictureCardRouteHandlers(services),
  ...cardImportRouteHandlers(services),
  ...kidsCardRouteHandlers(services),
  ...cardExportRouteHandlers(services),
  ...aiRouteHandlers(services),
  ...marketRouteHandlers(services),
  ...friendRouteHandlers(services),
  ...userGroupRouteHandlers(services),
  ...learningPathRouteHandlers(services),
  ...reportRouteHandlers(services),
  ...privateSendingRouteHandlers(services),
  ...notificationRouteHandlers(services),
  ...schoolRouteHandlers(services),
  ...schoolClassRouteHandlers(services),
  ...guardianRouteHandlers(services),
  ...adminSchoolRouteHandlers(services),
  ...testRouteHandlers(services),
  ...examRouteHandlers(services),
  ...examResultRouteHandlers(services),
  ...subscriptionRouteHandlers(services),
  ...affiliateRouteHandlers(services),
  ...adminAffiliateRouteHandlers(services),
];

/**
 * Builds the HTTP application over services built beforehand (services.ts): framework plugins, our
 * plugins, then the routes. Closing the app does not close the services; whoever built them does.
 */
export const buildApp = async ({ services, log }: BuildAppOptions) => {
  const { config } = services;
  const app = Fastify({
    loggerInstance: log,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: routerError,
    clientErrorHandler: clientError,
    // One line per request, written when it ends (below), instead of one as it arrives and one as it ends.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.elapsedTime > config.slowRequestMs) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request completed');
  });

  // An empty JSON body is an empty object, as DRF reads it: clients send the content type on a DELETE too.
  // The payment provider's webhook keeps the raw text: its signature is over the exact bytes sent.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.routeOptions.url === subscriptionRoutes.webhook.path) return done(null, body);
    return body === '' ? done(null, {}) : parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressPlugin);
  await app.register(multipartPlugin);
  await app.register(formBodyPlugin);
  await app.register(openapiPlugin);
  await app.register(mediaPlugin, { storage: services.storage, mediaDir: config.mediaDir });

  registerRoutes(app, routeHandlers(services), {
    tokens: services.tokens,
    activeAccount: services.users.activeAccount,
  });

  await app.register(liveSocketPlugin, {
    live: services.live,
    tokens: services.tokens,
    activeAccount: services.users.activeAccount,
    pictureUrl: services.storage.url,
    clock: services.clock,
    log,
  });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
