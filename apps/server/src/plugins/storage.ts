import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/api-error';
import type { MediaStorage } from '../lib/storage';

// Keys are random and never reused, so a stored file never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the media at /media/: from the S3-compatible store through the server, or from DATA_DIR/media. */
export const mediaPlugin = fp(
  async (app: FastifyInstance, { storage, mediaDir }: { storage: MediaStorage; mediaDir: string }) => {
    const { read } = storage;
    if (read) {
      app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw notFound();
        const object = await read(key);
        if (!object) throw notFound();
        reply.header('cache-control', IMMUTABLE);
        if (object.contentType) reply.type(object.contentType);
        if (object.length !== undefined) reply.header('content-length', object.length);
        return reply.send(object.body);
      });
      return;
    }
    mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders: (reply) => {
        reply.header('cache-control', IMMUTABLE);
      },
    });
  },
  { name: 'media' },
);
