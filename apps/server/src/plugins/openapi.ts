import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Components = { components?: { schemas?: Record<string, unknown> } };

/**
 * The document without the named schemas nothing refers to: the type provider lists an input and an
 * output form of each, and the error bodies are only ever output.
 */
const withoutUnusedSchemas = <D extends object>(document: D): D => {
  const { components } = document as Components;
  const schemas = { ...components?.schemas };
  for (let removed = true; removed; ) {
    removed = false;
    const text = JSON.stringify({ ...document, components: { ...components, schemas } });
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  return { ...document, components: { ...components, schemas } };
};

/** The OpenAPI 3.1 description at /api/openapi.json and interactive docs at /api/docs, from the contract. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Flashcards API',
          version: '1.0.0',
          description: [
            'Every path lives under `/api/` and ends in `/` (the path without the slash works too).',
            'Authenticate with `Authorization: Bearer <access>` (the `JWT` prefix is accepted too); each',
            'operation lists the scheme it needs, and an empty list where it needs none.',
            'Errors follow Django REST Framework: `{"detail": "...", "code": "..."}`, or field errors',
            '`{"field": ["message"]}` with `non_field_errors` for the whole body. A path parameter that is not',
            'a positive integer answers 404, as an unmatched URL does. Messages are in English, or in Bulgarian',
            'when the request sends `Accept-Language: bg`.',
            'Paginated lists answer `{count, next, previous, results}` with 20 items a page; a page past the',
            'end answers 404 `{"detail": "Invalid page."}`.',
          ].join(' '),
        },
        // Relative: the API is where this document is.
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            jwt: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The access token of `POST /api/user/jwt/create/`.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
