import { ApiError } from '../../lib/api-client';
import { fieldErrorsOf } from '../../lib/api-errors';

/**
 * Splits a failed save into the messages shown beside the form's own fields and one message for the
 * whole form (another field's message, or the error itself when nothing is shown beside a field).
 */
export function splitServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: (error: unknown) => string,
): { fields: Partial<Record<F, string>>; general: string | null } {
  const found = fieldErrorsOf(error);
  const known: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(found)) {
    if ((fields as readonly string[]).includes(field)) known[field as F] = message;
    else other.push(message);
  }
  const shownBesideFields = Object.keys(known).length > 0;
  const answered = error instanceof ApiError && (error.status === 400 || error.status === 413);
  return { fields: known, general: other[0] ?? (answered && shownBesideFields ? null : fallback(error)) };
}
