/**
 * Owners: settings, the token secret (lib/tokens); refresh_tokens, user_tokens, login_failures,
 * account_mail_requests and affiliates, the auth module; oauth_states, the google module.
 */
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Values the servers share, such as the generated token-signing secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Issued refresh tokens; rotation and logout revoke them. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_user_idx').on(table.userId)],
);

export const userTokenPurposeEnum = pgEnum('user_token_purpose', [
  'activation',
  'password_reset',
  'email_change',
]);

/**
 * Single-use, expiring tokens sent by e-mail; only their SHA-256 is kept. An e-mail change's token keeps
 * the address it was mailed to, which becomes the account's when the token is used.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: userTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email'),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('user_tokens_user_idx').on(table.userId, table.purpose)],
);

/**
 * Sign-in attempts of the last hour that failed, or are still being checked, counted per e-mail and per
 * address for throttling; a successful sign-in removes its e-mail's rows.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.createdAt),
    index('login_failures_ip_idx').on(table.ip, table.createdAt),
  ],
);

/**
 * Requests for account mails (password reset, activation link) of the last hour, counted per e-mail and
 * per address for throttling, whether or not an account has the e-mail.
 */
export const accountMailRequests = pgTable(
  'account_mail_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('account_mail_requests_email_idx').on(table.email, table.createdAt),
    index('account_mail_requests_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** OpenID Connect requests in flight: state -> PKCE verifier and nonce, used once. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: moment('expires_at').notNull(),
});

/** Referral codes of users taking part in the affiliate programme. */
export const affiliates = pgTable('affiliates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  affiliateCode: text('affiliate_code').notNull().unique(),
  createdAt: moment('created_at').notNull().defaultNow(),
});
