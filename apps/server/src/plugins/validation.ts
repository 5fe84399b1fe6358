import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { unstorableText } from '../lib/storable-text';

/** A request part that did not match its schema; the issues keep their input for localised messages. */
export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Invalid request ${part}`);
    this.name = 'RequestValidationError';
  }
}

const isFile = (value: object) => 'data' in value && value.data instanceof Uint8Array;

/** No schema nests deeper; anything deeper is refused by the schema itself. */
const MAX_DEPTH = 16;

/** Where a request part holds a string PostgreSQL cannot store, and why. */
const unstorablePaths = (value: unknown, path: PropertyKey[] = []): [PropertyKey[], string][] => {
  if (typeof value === 'string') {
    const reason = unstorableText(value);
    return reason ? [[path, reason]] : [];
  }
  if (!value || typeof value !== 'object' || isFile(value) || path.length >= MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([key, inner]) => unstorablePaths(inner, [...path, key]));
};

const unstorableIssues = (data: unknown): z.core.$ZodIssue[] =>
  unstorablePaths(data).map(([path, reason]) => ({
    code: 'custom',
    path,
    message: `errors:${reason}`,
    input: undefined,
  }));

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    // Before the schema: every string of every route, whatever the encoding that brought it.
    const refused = unstorableIssues(data);
    if (refused.length > 0) return { error: new RequestValidationError(part, refused) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(part, result.error.issues) };
  };
