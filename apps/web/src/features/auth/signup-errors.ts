import type { ApiErrorBody } from '../../lib/api-client';
import { firstMessages } from '../../lib/api-errors';

export const signupFields = [
  'first_name',
  'last_name',
  'email',
  'password',
  're_password',
  'accepted_terms',
] as const;
export type SignupField = (typeof signupFields)[number];

export interface SignupErrors {
  /** Messages to show beside their fields. */
  fields: Partial<Record<SignupField, string>>;
  /** A message about the whole form; with no fields and no message the caller shows the generic error. */
  general?: string;
}

const isSignupField = (field: string): field is SignupField =>
  (signupFields as readonly string[]).includes(field);

/**
 * Which of the server's registration errors to show (spec, error catalogue): the first password message,
 * else the e-mail message, else the other fields' messages beside their fields (a message about no field
 * of the form goes above it), else the server's detail.
 */
export function pickSignupErrors(body: ApiErrorBody | null): SignupErrors {
  if (!body) return { fields: {} };
  if (typeof body.detail === 'string') return { fields: {}, general: body.detail };
  const messages = firstMessages(body);
  if (messages.password) return { fields: { password: messages.password } };
  if (messages.email) return { fields: { email: messages.email } };
  const picked: SignupErrors = { fields: {} };
  for (const [field, message] of Object.entries(messages)) {
    if (isSignupField(field)) picked.fields[field] = message;
    else picked.general ??= message;
  }
  return picked;
}
