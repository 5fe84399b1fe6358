import type { z } from 'zod';

/** A message as a locale key (`namespace:key`) and the values it names. */
export type IssueMessage = { key: string; values: Record<string, unknown> };

/** A schema's own message that names a locale key (`errors:invalid_email`, `account:validation.terms`). */
const LOCALE_KEY = /^[a-z]+:[\w.]+$/;

const typeKeys: Readonly<Record<string, string>> = {
  number: 'invalid_number',
  int: 'invalid_integer',
  bigint: 'invalid_integer',
  string: 'invalid_string',
  boolean: 'invalid_boolean',
  object: 'invalid_object',
  array: 'invalid_list',
  date: 'invalid_date',
};

const formatKeys: Readonly<Record<string, string>> = {
  email: 'invalid_email',
  url: 'invalid_url',
  date: 'invalid_date',
};

/** The bounds a check names, as the inclusive numbers a message says ("at most 100"). */
const boundsOf = (issue: z.core.$ZodIssue): { min?: number; max?: number } => {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) + (issue.inclusive === false ? 1 : 0) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) - (issue.inclusive === false ? 1 : 0) };
  return {};
};

/** The `errors` key of a failed check, in Django REST Framework's terms. */
const checkKey = (issue: z.core.$ZodIssue, { min = 0 }: { min?: number }): string => {
  switch (issue.code) {
    case 'invalid_type':
      return typeKeys[issue.expected] ?? 'invalid_value';
    case 'too_small':
      if (issue.origin === 'string') return min <= 1 ? 'blank' : 'min_length';
      return issue.origin === 'array' || issue.origin === 'set' ? 'min_items' : 'min_value';
    case 'too_big':
      if (issue.origin === 'string') return 'max_length';
      return issue.origin === 'array' || issue.origin === 'set' ? 'max_items' : 'max_value';
    case 'invalid_format':
      return formatKeys[issue.format] ?? 'invalid_value';
    case 'invalid_value': {
      const { input } = issue as { input?: unknown };
      return typeof input === 'string' || typeof input === 'number' ? 'invalid_choice' : 'invalid_value';
    }
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid_value';
  }
};

/**
 * The message of a failed schema check, one mapping for the server and the web app: a missing field is
 * `errors:field_required`; a schema's own message names its key (`errors:invalid_task`); any other
 * check is worded as Django REST Framework words it ("Ensure this field has no more than 100
 * characters.", `errors:max_length` with `max`). The values are the check's bounds, a custom check's
 * parameters and a refused choice. The issue must carry its input (`reportInput: true`), which tells a
 * missing field from a wrong one.
 */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const { input } = issue as { input?: unknown };
  if (issue.code === 'invalid_type' && input === undefined)
    return { key: 'errors:field_required', values: {} };
  const bounds = boundsOf(issue);
  if (LOCALE_KEY.test(issue.message)) {
    return { key: issue.message, values: { ...bounds, ...(issue.code === 'custom' ? issue.params : {}) } };
  }
  const key = checkKey(issue, bounds);
  const values: Record<string, unknown> = { ...bounds };
  if (key === 'invalid_choice') values.input = String(input).slice(0, 100);
  return { key: `errors:${key}`, values };
}
