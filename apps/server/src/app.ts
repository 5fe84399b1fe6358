import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { authModule } from './modules/auth/auth.routes';
import { cardsModule } from './modules/cards/cards.routes';
import { categoriesModule } from './modules/categories/categories.routes';
import { googleModule } from './modules/google/google.routes';
import { practiceModule } from './modules/practice/practice.routes';
import { loadSiteContent } from './modules/system/site-content';
import { systemModule } from './modules/system/system.routes';
import { usersModule } from './modules/users/users.routes';
import { authPlugin } from './plugins/auth';
import { compressPlugin } from './plugins/compress';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { mailerPlugin } from './plugins/mailer';
import { multipartPlugin } from './plugins/multipart';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { validatorCompiler } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

export const loggerOptions = (config: Config): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    censor: '[hidden]',
  },
});

/** Builds the HTTP application: framework plugins, then ours, then the feature modules. */
export const buildApp = async ({ config, database, logger }: BuildAppOptions) => {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 60_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressPlugin);
  await app.register(multipartPlugin);
  await app.register(dbPlugin, { database });
  await app.register(storagePlugin);
  await app.register(mailerPlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  await app.register(systemModule, { content: await loadSiteContent(config.site.contentFile) });
  await app.register(authModule);
  await app.register(practiceModule);
  await app.register(usersModule);
  await app.register(categoriesModule);
  await app.register(cardsModule);
  await app.register(googleModule);

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
