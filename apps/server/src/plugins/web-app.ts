import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { methodNotAllowed, notFound } from '../lib/api-error';

const apiPath = /^\/(api|media)(\/|$)/;
/**
 * The service worker and the web manifest (apps/web/vite.config.ts, apps/web/public): revalidated on every
 * request, so that browsers find a new release's worker at once, and never answered with index.html when
 * missing (a browser would take the page for the worker's script or the manifest). The manifest goes out as
 * application/manifest+json (the MIME type of its extension).
 */
const appFile = /^\/(sw\.js|manifest\.webmanifest)(\?|$)/;
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Serves the built web app. Unknown paths outside /api and /media get index.html (the app routes them
 * and shows its own 404 page), but for the service worker and the manifest; unknown API paths get a JSON
 * 404. Hashed assets are kept for a year; every other file, the service worker included, is revalidated.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string }) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies beside the files (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`The web app is not built (${indexFile} is missing): only the API is served.`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (apiPath.test(request.url)) {
        // A path that exists for other methods answers 405 with them (DRF), not 404.
        const url = request.url.split('?')[0]!;
        const allowed = methods.filter((method) => app.findRoute({ method, url }));
        const own = request.method === 'HEAD' ? 'GET' : request.method;
        // A route of this very method that found nothing (a missing file) is a plain 404.
        if (allowed.length === 0 || allowed.some((method) => method === own)) throw notFound();
        reply.header('allow', [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '));
        throw methodNotAllowed(request.method);
      }
      if (!hasWebApp || !isPage || appFile.test(request.url)) throw notFound();
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
