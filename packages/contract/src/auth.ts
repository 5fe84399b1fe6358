import { z } from 'zod';
import { badgeSchema } from './practice';
import { defineRoute, filePart, noContent } from './route';

export const genderSchema = z.enum(['male', 'female']);

/** Accepts a boolean, or the strings of form fields (`true`/`false`, also `True`/`False`, `1`/`0`). */
export const formBoolean = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', 'True', 'False', '1', '0', 'on'])
    .transform((value) => ['true', 'True', '1', 'on'].includes(value)),
]);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'errors:invalid_email' }));
export const personName = z.string().trim().max(150);

/** The time zone of accounts that never named one (the product is Bulgarian first). */
export const DEFAULT_TIME_ZONE = 'Europe/Sofia';

let knownZones: Set<string> | undefined;
/** Every IANA time zone this runtime knows (its Intl data), UTC included: the choices of the profile. */
export const timeZoneNames = (): string[] => {
  const names = Intl.supportedValuesOf('timeZone');
  return names.includes('UTC') ? names : [...names, 'UTC'];
};

/** The canonical name of a known IANA time zone (`europe/sofia` -> `Europe/Sofia`); undefined otherwise. */
export const canonicalTimeZone = (name: string): string | undefined => {
  if (name.length === 0 || name.length > 64) return undefined;
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  if (zone === 'Etc/UTC') zone = 'UTC';
  knownZones ??= new Set(timeZoneNames());
  return knownZones.has(zone) ? zone : undefined;
};

/** An IANA time zone the profile may be set to, stored by its canonical name. */
export const timeZoneField = z
  .string()
  .trim()
  .max(64, { abort: true })
  .refine((name) => canonicalTimeZone(name) !== undefined, { error: 'errors:unknown_time_zone' })
  .transform((name) => canonicalTimeZone(name) as string);

/**
 * The browser's time zone sent at sign-up (`Intl.DateTimeFormat().resolvedOptions().timeZone`): one this
 * server does not know leaves the default instead of refusing the sign-up.
 */
const signUpTimeZone = z.string().max(200).optional();

export const registerBody = z.object({
  first_name: personName.min(1),
  last_name: personName.min(1),
  email: emailField,
  password: z.string().min(1).max(128),
  re_password: z.string().max(128),
  ref_code: z.string().trim().max(64).optional().nullable(),
  accepted_terms: formBoolean.optional(),
  language: z.enum(['en', 'bg']).optional(),
  time_zone: signUpTimeZone,
});
export const registerResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const uidTokenBody = z.object({ uid: z.string().min(1).max(64), token: z.string().min(1).max(128) });
export const emailBody = z.object({ email: emailField });
export const tokenCreateBody = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(128),
});
/** djoser's set_password: the current password proves the person; the new one passes the password rules. */
export const setPasswordBody = z.object({
  current_password: z.string().max(128),
  new_password: z.string().min(1).max(128),
  re_new_password: z.string().max(128),
  /** Whether every other session of the account ends (its tokens are refused); yes unless told otherwise. */
  logout_other_sessions: formBoolean.default(true),
});
/** A new e-mail for the account, proved by the current password; it takes effect from the mailed link. */
export const setEmailBody = z.object({
  current_password: z.string().max(128),
  new_email: emailField,
});
export const resetPasswordConfirmBody = uidTokenBody.extend({
  new_password: z.string().min(1).max(128),
  re_new_password: z.string().max(128),
});

const optionalText = personName.optional();
/** PATCH of the current user: only the fields sent change; `id` and `email` are read-only. */
export const updateMeBody = z.object({
  first_name: optionalText,
  last_name: optionalText,
  region: optionalText,
  municipality: optionalText,
  town: optionalText,
  school: optionalText,
  gender: z.union([genderSchema, z.literal('').transform(() => null), z.null()]).optional(),
  date_of_birth: z.union([z.iso.date(), z.literal('').transform(() => null), z.null()]).optional(),
  receive_invitations_for_categories: formBoolean.optional(),
  receive_invitations_for_contest: formBoolean.optional(),
  receive_invitations_for_friends: formBoolean.optional(),
  receive_promo_emails: formBoolean.optional(),
  language: z.enum(['en', 'bg']).optional(),
  /** At most once a day (400 `time_zone` before then). */
  time_zone: timeZoneField.optional(),
});

export const googleAuthorizationQuery = z.object({ redirect_uri: z.url() });
export const googleAuthorizationResponse = z.object({ authorization_url: z.string() });
export const googleSignInBody = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000),
  /** The browser's time zone, kept when this sign-in creates the account (as at sign-up). */
  time_zone: signUpTimeZone,
});

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const tokenRefreshBody = z.object({ refresh: z.string().min(1) });
export const tokenVerifyBody = z.object({ token: z.string().min(1) });

export const subscriptionTypeSchema = z.enum(['none', 'monthly', 'annual', 'gold_monthly', 'gold_annual']);

/** The current user as `user/users/me/` returns it (spec: User). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  region: z.string(),
  municipality: z.string(),
  town: z.string(),
  school: z.string(),
  gender: genderSchema.nullable(),
  date_of_birth: z.string().nullable(),
  ranking: z.number().int(),
  receive_invitations_for_categories: z.boolean(),
  receive_invitations_for_contest: z.boolean(),
  receive_invitations_for_friends: z.boolean(),
  receive_promo_emails: z.boolean(),
  /** AI generations this calendar month, from a topic and from photos. */
  ai_usage: z.number().int(),
  ai_image_usage: z.number().int(),
  /** How many of each the account's plan allows a month. */
  ai_quota: z.object({ text: z.number().int(), images: z.number().int() }),
  subscription_type: subscriptionTypeSchema,
  /** Premium now: a trial or subscription end ahead, or everyone premium on this server (`PREMIUM_FOR_ALL`). */
  is_premium: z.boolean(),
  trial_end_date: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  annual_subscription_end_date: z.string().nullable(),
  is_auto_created: z.boolean(),
  is_student: z.boolean(),
  is_teacher: z.boolean(),
  is_organization_host: z.boolean(),
  is_organization_member: z.boolean(),
  auto_school_add: z.boolean(),
  /** The school the account is a member of (principal, teacher or student), null when none. */
  school_id: z.number().int().nullable(),
  is_staff: z.boolean(),
  /**
   * A school's teacher, or someone who has made a test, an exam or a learning path: the menu shows the
   * tools of "Assigned from me" only then.
   */
  uses_teacher_tools: z.boolean(),
  language: z.enum(['en', 'bg']),
  /** The IANA time zone whose days the daily limit, the activity and learning paths count in. */
  time_zone: z.string(),
  /** When the time zone may be changed again (a day after the last change); null when it may be now. */
  time_zone_changeable_at: z.string().nullable(),
  /** Earned daily badges, in the order of the spec's list. */
  badges: badgeSchema.array(),
});

export type TokenPair = z.infer<typeof tokenPairSchema>;
export type RegisterBody = z.input<typeof registerBody>;
export type User = z.infer<typeof userSchema>;

const tag = 'accounts';
const accountMailLimits =
  'The mail is sent by a background job. Reset and activation requests together: after 5 within an hour for one e-mail, or 20 from one address, 429, alike for e-mails with and without an account.';
const tokenErrors = [401] as const;

export const authRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/user/users/',
    access: 'public',
    tag,
    summary: 'Register; the account is activated from the e-mailed link',
    body: registerBody,
    status: 201,
    response: registerResponse,
    errors: [429],
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/user/users/activation/',
    access: 'public',
    tag,
    summary: 'Activate an account (once)',
    body: uidTokenBody,
    status: 204,
    response: noContent,
    errors: [403],
  }),
  resendActivation: defineRoute({
    method: 'POST',
    path: '/api/user/users/resend_activation/',
    access: 'public',
    tag,
    summary: 'Send the activation mail again (204 whether or not the e-mail has an account)',
    description: accountMailLimits,
    body: emailBody,
    status: 204,
    response: noContent,
    errors: [429],
  }),
  tokenCreate: defineRoute({
    method: 'POST',
    path: '/api/user/jwt/create/',
    access: 'public',
    tag,
    summary: 'Sign in: an access and a refresh token',
    description:
      'After 5 failed attempts for one e-mail from one address, or 20 from one address, within an hour: ' +
      '429 for that address until the hour has passed. Failures from other addresses never lock the owner ' +
      'out: an e-mail with 10 or more failures within the hour from any addresses is slowed instead, its ' +
      'sign-ins answered after a delay of 1 s doubling with each further failure, at most 30 s. A wrong e-mail ' +
      'or password answers 401 with code `no_active_account`; the right password of an account not yet ' +
      'activated answers 401 with code `account_not_activated`.',
    body: tokenCreateBody,
    response: tokenPairSchema,
    errors: [401, 429],
  }),
  tokenRefresh: defineRoute({
    method: 'POST',
    path: '/api/user/jwt/refresh/',
    access: 'public',
    tag,
    summary: 'A new token pair; the refresh token presented stops working',
    body: tokenRefreshBody,
    response: tokenPairSchema,
    errors: tokenErrors,
  }),
  tokenVerify: defineRoute({
    method: 'POST',
    path: '/api/user/jwt/verify/',
    access: 'public',
    tag,
    summary: 'Check a token',
    body: tokenVerifyBody,
    response: z.object({}),
    errors: tokenErrors,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/user/logout/',
    access: 'public',
    tag,
    summary: 'Revoke a refresh token',
    body: tokenRefreshBody,
    status: 204,
    response: noContent,
    errors: tokenErrors,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/api/user/users/me/',
    access: 'user',
    tag,
    summary: 'The signed-in user',
    response: userSchema,
  }),
  updateMe: defineRoute({
    method: 'PATCH',
    path: '/api/user/users/me/',
    access: 'user',
    tag,
    summary: 'Change the profile; only the fields sent change (multipart or JSON, with an optional avatar)',
    description: '`id` and `email` are read-only and ignored.',
    encoding: ['multipart', 'json'],
    body: updateMeBody.extend({ avatar: filePart.optional() }),
    response: userSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/user/users/reset_password/',
    access: 'public',
    tag,
    summary: 'Mail a password reset link (204 whether or not the e-mail has an account)',
    description: accountMailLimits,
    body: emailBody,
    status: 204,
    response: noContent,
    errors: [429],
  }),
  setPassword: defineRoute({
    method: 'POST',
    path: '/api/user/users/set_password/',
    access: 'user',
    tag,
    summary: 'Change the password, giving the current one',
    description:
      'An account a school created (`is_auto_created`) is claimed by this call: from then on it is an ' +
      'ordinary account and the reduced menu no longer applies. Every other session of the account ends ' +
      '(its access and refresh tokens are refused) unless `logout_other_sessions` is false. The answer is ' +
      'a new token pair for the session that made the change.',
    body: setPasswordBody,
    response: tokenPairSchema,
  }),
  setEmail: defineRoute({
    method: 'POST',
    path: '/api/user/users/set_email/',
    access: 'user',
    tag,
    summary: 'Ask to change the e-mail: a confirmation link goes to the new address',
    description:
      'The current password proves the person (an account without a password sets one first, through ' +
      'a reset). The e-mail changes only when the link mailed to the new address is opened, within ' +
      '24 hours; the old address is told of the request. A newer request replaces an older link. ' +
      '`new_email` is refused when it is the current e-mail or another account has it. At most 5 requests ' +
      'an hour per account (429).',
    body: setEmailBody,
    status: 204,
    response: noContent,
    errors: [429],
  }),
  setEmailConfirm: defineRoute({
    method: 'POST',
    path: '/api/user/users/set_email_confirm/',
    access: 'public',
    tag,
    summary: 'Change the e-mail from the link mailed to the new address',
    description:
      'Public: the link may be opened in a browser where the account is not signed in. The account signs ' +
      'in with the new e-mail from then on; its sessions go on. `token` is refused when the link was ' +
      'used, has expired or a newer one replaced it; `new_email` when another account took the address ' +
      'in the meantime.',
    body: uidTokenBody,
    status: 204,
    response: noContent,
  }),
  resetPasswordConfirm: defineRoute({
    method: 'POST',
    path: '/api/user/users/reset_password_confirm/',
    access: 'public',
    tag,
    summary: 'Set a new password from the e-mailed link',
    description:
      'Also the link a school mails to the accounts it creates: setting the password claims the account. ' +
      'Every session of the account ends: its access and refresh tokens are refused.',
    body: resetPasswordConfirmBody,
    status: 204,
    response: noContent,
  }),
  uploadAvatar: defineRoute({
    method: 'POST',
    path: '/api/upload-avatar/',
    access: 'user',
    tag,
    summary: 'Change the profile picture (multipart field `avatar`; JPEG, PNG, WebP, GIF, AVIF or HEIC)',
    encoding: ['multipart'],
    // A form without parts arrives as no body at all.
    body: z.preprocess(
      (value) => (value && typeof value === 'object' ? value : {}),
      z.object({ avatar: filePart.optional() }),
    ),
    response: userSchema,
  }),
  removeUser: defineRoute({
    method: 'DELETE',
    path: '/api/remove-user/',
    access: 'user',
    tag,
    summary: 'Delete the account with all its data and files',
    description:
      'The last principal of a school cannot delete their account (403). Subscriptions are cancelled at ' +
      'the payment provider first; when that fails the account stays and the answer is 503 ' +
      '`subscription_not_cancelled`. Payments stay on record for accounting, without the person.',
    status: 204,
    response: noContent,
    errors: [403, 503],
  }),
  googleAuthorizationUrl: defineRoute({
    method: 'GET',
    path: '/api/user/o/google-oauth2/',
    access: 'public',
    tag,
    summary: 'Start a Google sign-in: the address to send the browser to',
    description:
      'The `redirect_uri` must be an address of this site; Google sends the browser back to it with ' +
      '`code` and `state`, which go to the POST of this path within 10 minutes. Without Google sign-in ' +
      'configured, this answers 404.',
    query: googleAuthorizationQuery,
    response: googleAuthorizationResponse,
    errors: [404],
  }),
  googleSignIn: defineRoute({
    method: 'POST',
    path: '/api/user/o/google-oauth2/',
    access: 'public',
    tag,
    summary: 'Finish a Google sign-in: an access and a refresh token',
    description:
      'Signs in the account of the verified Google e-mail address, creating it on the first sign-in. ' +
      'Each `state` works once. Without Google sign-in configured, this answers 404.',
    encoding: ['form', 'json'],
    body: googleSignInBody,
    response: tokenPairSchema,
    errors: [404],
  }),
};
