import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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

/** Where a request part holds a string with a NUL character (PostgreSQL cannot store one in text). */
const nulCharacterPaths = (value: unknown, path: PropertyKey[] = []): PropertyKey[][] => {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (!value || typeof value !== 'object' || isFile(value) || path.length >= MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([key, inner]) => nulCharacterPaths(inner, [...path, key]));
};

const nulCharacterIssues = (data: unknown): z.core.$ZodIssue[] =>
  nulCharacterPaths(data).map((path) => ({
    code: 'custom',
    path,
    message: 'errors:nul_character',
    input: undefined,
  }));

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const nulCharacters = nulCharacterIssues(data);
    if (nulCharacters.length > 0) return { error: new RequestValidationError(part, nulCharacters) };
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(part, result.error.issues) };
  };
