import type { Language } from '@flashcards/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ApiError, notFound } from '../lib/api-error';
import { requestLanguage, translate, translateMessage } from '../lib/translate';
import { RequestValidationError } from './validation';

const zodLocales = { en: z.locales.en(), bg: z.locales.bg() };

/** A locale key from a schema's custom message (`errors:...`), or zod's own message in the language. */
const issueMessage = (issue: z.core.$ZodIssue, language: Language): string => {
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) {
    return translate(language, 'field_required');
  }
  if (issue.message.startsWith('errors:')) return translate(language, issue.message);
  const localized = zodLocales[language].localeError(issue as never);
  const text = typeof localized === 'string' ? localized : localized?.message;
  return text ?? issue.message;
};

/**
 * A body matching no option of a union (a card PUT that is neither an answer nor an edit) reports the
 * problems of its last option, the general case: the edit's missing fields, not every option's.
 */
const flatten = (issues: z.core.$ZodIssue[]): z.core.$ZodIssue[] =>
  issues.flatMap((issue) =>
    issue.code === 'invalid_union' && issue.errors.length > 0
      ? flatten(issue.errors.at(-1)!).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))
      : [issue],
  );

const fieldErrors = (error: RequestValidationError, language: Language): Record<string, string[]> => {
  const fields: Record<string, string[]> = {};
  for (const issue of flatten(error.issues)) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'non_field_errors';
    fields[field] ??= [];
    fields[field].push(issueMessage(issue, language));
  }
  return fields;
};

/** Fastify's own 4xx errors (body parsing, content type, size) mapped onto our error keys. */
const frameworkError = (error: FastifyError, request: FastifyRequest): ApiError | undefined => {
  const status = error.statusCode ?? 500;
  if (status >= 500) return undefined;
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = String(request.headers['content-type'] ?? '').split(';')[0] ?? '';
    return new ApiError(415, 'unsupported_media_type', { key: 'unsupported_media_type', values: { type } });
  }
  if (status === 413) return new ApiError(413, 'payload_too_large', { key: 'payload_too_large' });
  if (status === 404) return notFound();
  if (status === 405) {
    return new ApiError(405, 'method_not_allowed', {
      key: 'method_not_allowed',
      values: { method: request.method },
    });
  }
  if (status === 429) return new ApiError(429, 'throttled', { key: 'throttled' });
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

/**
 * One error handler for the whole API: expected errors in the DRF shapes, in the request's language;
 * anything unexpected is logged with its stack and answered as a bare 500.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiError) return send(request, reply, error);
      if (error instanceof RequestValidationError) {
        // A path parameter of the wrong shape names no resource at all: the URL does not exist.
        if (error.part === 'params') return send(request, reply, notFound());
        const language = requestLanguage(request.headers['accept-language']);
        return reply.code(400).send(fieldErrors(error, language));
      }
      const known = frameworkError(error, request);
      if (known) return send(request, reply, known);
      request.log.error({ err: error }, 'unexpected error');
      return send(request, reply, new ApiError(500, 'server_error', { key: 'server_error' }));
    });
  },
  { name: 'errors' },
);
