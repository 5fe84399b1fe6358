import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, type MediaStorage } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: MediaStorage;
  }
}

/** Media storage on the local disk under DATA_DIR/media, served at /media/. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.mediaDir;
    mkdirSync(root, { recursive: true });
    app.decorate('storage', createLocalStorage(root));
    await app.register(fastifyStatic, {
      root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      // Keys are random and never reused, so a stored file never changes.
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'storage' },
);
