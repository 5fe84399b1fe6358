import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers of 1 KB and more for the clients that accept it, brotli first, else gzip. The web
 * app's files come compressed from its build and go out as they are (`preCompressed` in web-app.ts):
 * answers that already carry a Content-Encoding are left alone.
 */
export const compressPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { encodings: ['br', 'gzip'] });
  },
  { name: 'compress' },
);
