import { ApiError } from './api-client';
import { firstMessages } from './api-errors';

export interface ServerFormErrors {
  /** The first message of each of the form's fields the server named. */
  fields: Record<string, string>;
  /** The message about the form as a whole: `non_field_errors`, a field the form lacks, or `detail`. */
  general: string | null;
}

/**
 * Where a failed call's DRF error body goes on a form: `{field: [message, …]}` beside the form's field of
 * that name (`rename` maps the server's names the form calls otherwise); everything else is one message
 * for the whole form. A call that failed without such a body gives neither.
 */
export function serverFormErrors(
  error: unknown,
  formFields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): ServerFormErrors {
  if (!(error instanceof ApiError) || !error.body) return { fields: {}, general: null };
  if (typeof error.body.detail === 'string') return { fields: {}, general: error.body.detail };
  const { non_field_errors: whole, ...messages } = firstMessages(error.body);
  const fields: Record<string, string> = {};
  let other: string | undefined;
  for (const [field, message] of Object.entries(messages)) {
    const name = rename[field] ?? field;
    if (formFields.includes(name)) fields[name] ??= message;
    else other ??= message;
  }
  return { fields, general: whole ?? other ?? null };
}
