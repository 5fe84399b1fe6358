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

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  };
