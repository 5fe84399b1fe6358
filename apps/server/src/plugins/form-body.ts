import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const FORM = 'application/x-www-form-urlencoded';

/** Form-encoded bodies (the Google sign-in posts one) become plain objects, validated like JSON. */
export const formBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  },
  { name: 'form-body' },
);
