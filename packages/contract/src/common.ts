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

/** `?page=` of a paginated list: 1-based. */
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** A path parameter that must be a positive integer id. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
