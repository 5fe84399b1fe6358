import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/api-error';
import { createLocalStorage, createS3Storage, type MediaStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

// Keys are random and never reused, so a stored file never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Media storage: an S3-compatible store when configured, else DATA_DIR/media; served at /media/ either way. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.s3) {
      const storage = createS3Storage(app.config.s3);
      app.decorate('storage', storage);
      app.addHook('onClose', async () => storage.close());
      app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw notFound();
        const object = await storage.read(key);
        if (!object) throw notFound();
        reply.header('cache-control', IMMUTABLE);
        if (object.contentType) reply.type(object.contentType);
        if (object.length !== undefined) reply.header('content-length', object.length);
        return reply.send(object.body);
      });
      return;
    }
    const root = app.config.mediaDir;
    mkdirSync(root, { recursive: true });
    app.decorate('storage', createLocalStorage(root));
    await app.register(fastifyStatic, {
      root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  },
  { name: 'storage' },
);
