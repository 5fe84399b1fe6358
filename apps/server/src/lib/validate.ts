import type { z } from 'zod';
import { RequestValidationError } from '../plugins/validation';

/** Validates a body inside a handler (for routes whose body has more than one shape); DRF field errors. */
export const parseBody = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new RequestValidationError('body', result.error.issues);
  return result.data;
};
