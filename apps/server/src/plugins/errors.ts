import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { issueMessage } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import { defaultLanguage } from '@flashcards/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { isDatabaseUnreachable } from '../db/client';
import {
  ApiError,
  invalidPage,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  throttled,
  unsupportedMediaType,
} from '../lib/api-error';
import { requestLanguage, translate, translateMessage } from '../lib/translate';
import { RequestValidationError } from './validation';

/** A failed check in the request's language: the contract's message of it (DRF's wording). */
const issueText = (issue: z.core.$ZodIssue, language: Language): string => {
  const { key, values } = issueMessage(issue);
  return translate(language, key, values);
};

/**
 * A body matching no option of a union (a card PUT that is neither an answer nor an edit) reports the
 * problems of its last option, the general case: the edit's missing fields, not every option's.
 */
const flatten = (issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] =>
  issues.flatMap((issue) => {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      return flatten(issue.errors.at(-1)!).map((inner) => ({
        ...inner,
        path: [...issue.path, ...inner.path],
      }));
    }
    // Each field a strict body does not take is named on its own.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ ...issue, keys: [key], path: [...issue.path, key] }));
    }
    return [issue];
  });

const fieldErrors = (error: RequestValidationError, language: Language): Record<string, string[]> => {
  const fields: Record<string, string[]> = {};
  for (const issue of flatten(error.issues)) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    fields[field] ??= [];
    fields[field].push(issueText(issue, language));
  }
  return fields;
};

/** Fastify's own 4xx errors (body parsing, content type, size) mapped onto our error keys. */
const frameworkError = (error: FastifyError, request: FastifyRequest): ApiError | undefined => {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return unsupportedMediaType(String(request.headers['content-type'] ?? '').split(';')[0] ?? '');
  }
  if (status === 413) return payloadTooLarge();
  if (status === 404) return notFound();
  if (status === 405) return methodNotAllowed(request.method);
  if (status === 429) return throttled();
  if (status === 400 && (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError)) {
    return new ApiError(400, 'parse_error', { key: 'parse_error' });
  }
  return new ApiError(status, 'invalid', { key: 'invalid_value' });
};

const send = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
  const language = requestLanguage(request.headers['accept-language']);
  if (error.fields) {
    const body = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [
        field,
        messages.map((m) => translateMessage(language, m)),
      ]),
    );
    return reply.code(error.statusCode).send(body);
  }
  const detail = error.detail
    ? translateMessage(language, error.detail)
    : translate(language, 'invalid_value');
  return reply.code(error.statusCode).send({ detail, code: error.code });
};

/** How long a client is asked to wait before trying again while the database cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

/**
 * One error handler for the whole API: expected errors in the DRF shapes, in the request's language; a
 * database that cannot be reached answers 503 with Retry-After; anything unexpected is logged with its
 * stack and answered as a bare 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError) return send(request, reply, error);
      if (error instanceof RequestValidationError) {
        // A path parameter of the wrong shape names no resource at all: the URL does not exist.
        if (error.part === 'params') return send(request, reply, notFound());
        // Nor does a page number that is not one (DRF: 404 `Invalid page.`).
        if (error.part === 'querystring' && error.issues.some((issue) => issue.path[0] === 'page')) {
          return send(request, reply, invalidPage());
        }
        const language = requestLanguage(request.headers['accept-language']);
        return reply.code(400).send(fieldErrors(error, language));
      }
      const known = frameworkError(error, request);
      if (known) return send(request, reply, known);
      if (isDatabaseUnreachable(error)) {
        // The database is down or restarting: the pool reconnects by itself once it is back.
        request.log.warn({ err: error }, 'database unreachable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return send(request, reply, new ApiError(503, 'service_unavailable', { key: 'service_unavailable' }));
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(request, reply, new ApiError(500, 'server_error', { key: 'server_error' }));
    });
  },
  { name: 'errors' },
);

/**
 * The router's own errors: a path segment longer than any id, or a path that is not valid percent
 * encoding, names no resource.
 */
export const routerError = (_error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  send(request, reply, notFound());

/** What Node refuses before a request exists (headers or a URL too large, a timeout, a broken request). */
const clientErrors: Record<string, { status: number; key: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'headers_too_large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'request_timeout' },
};

/**
 * Answers those in the DRF shape too. The request's headers were not read, so the language is the
 * default one.
 */
export function clientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = clientErrors[error.code ?? ''] ?? { status: 400, key: 'bad_request' };
  const body = JSON.stringify({ detail: translate(defaultLanguage, key), code: key });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
