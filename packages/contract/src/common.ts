import { z } from 'zod';

/** Default page size of every paginated list (spec: 20 per page). */
export const PAGE_SIZE = 20;

/** DRF error bodies: `{detail}` for everything but invalid fields. */
export const errorDetailSchema = z
  .object({ detail: z.string(), code: z.string().optional() })
  .meta({ id: 'ErrorDetail' });

/** Field errors: `{"field": ["message", ...]}`, cross-field errors under `non_field_errors`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors' });

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** `{count, next, previous, results}` of DRF page-number pagination. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** `?page=` of a paginated list: 1-based. A page that is not a whole number from 1 answers 404 `Invalid page.` */
export const pageValue = z.coerce.number().int().min(1).default(1);
export const pageQuery = z.object({ page: pageValue });

/** The largest id PostgreSQL's integer columns hold. */
const MAX_ID = 2_147_483_647;

/**
 * An id: a JSON number, or plain decimal digits in a path, a query string or a form field. Spellings
 * that JavaScript would also read as a number ("0x1", "+1", "01", " 1", "1e3") name nothing.
 */
export const idValue = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/, { error: 'errors:invalid_integer' })
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_ID));

/** A path parameter that must be an id; any other value names no resource (404). */
export const idParams = z.object({ id: idValue });
