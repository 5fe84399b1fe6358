import path from 'node:path';
import { LIVE_MAX_PLAYERS, USER_GROUP_MAX_MEMBERS } from '@flashcards/contract';
import { z } from 'zod';
import { defaultWebDistDir } from './paths';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));
const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** `text/images`: generations from a topic and from photos a month. */
const quota = (fallback: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, 'write the monthly quota as text/images, e.g. 50/50')
    .default(fallback)
    .transform((value) => {
      const [text, images] = value.split('/').map(Number);
      return { text: text!, images: images! };
    });

/** Whole minor units (stotinki, cents) of a decimal amount written with at most two places. */
const toMinorUnits = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
/** `BGN/EUR`: a plan's price in lev and in euro, e.g. 12.00/6.00; kept in minor units. */
const price = (fallback: string) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?\/\d+(\.\d{1,2})?$/, 'write the price as BGN/EUR, e.g. 12.00/6.00')
    .default(fallback)
    .transform((value) => {
      const [bgn, eur] = value.split('/').map(toMinorUnits);
      return { bgn: bgn!, eur: eur! };
    });
/** A calendar day, YYYY-MM-DD. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'write the day as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'is not a day')
  .optional();

/** Sign-ups one address may make in an hour unless SIGN_UPS_PER_ADDRESS says otherwise (docs: the mail limits). */
export const DEFAULT_SIGN_UPS_PER_ADDRESS = 5;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  JWT_SECRET: optional,
  ACCESS_TOKEN_MINUTES: positiveInt(15),
  REFRESH_TOKEN_DAYS: positiveInt(7),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Flashcards <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  AI_BASE_URL: optional,
  AI_API_KEY: optional,
  AI_MODEL: optional,
  AI_TIMEOUT_SECONDS: positiveInt(90),
  AI_QUOTA_FREE: quota('20/10'),
  AI_QUOTA_PREMIUM: quota('50/50'),
  AI_QUOTA_GOLD: quota('150/150'),
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: z.url().optional(),
  PREMIUM_FOR_ALL: flag.default(false),
  AFFILIATE_RATE: z.coerce.number().min(0).max(1).default(0.2),
  TRIAL_PROMOTION_UNTIL: isoDay,
  FREE_ACTIVE_ITEMS: positiveInt(3),
  PRICE_MONTHLY: price('12.00/6.00'),
  PRICE_ANNUAL: price('114.00/58.00'),
  PRICE_GOLD_MONTHLY: price('20.00/10.00'),
  PRICE_GOLD_ANNUAL: price('190.00/97.00'),
  DAILY_CARD_LIMIT: positiveInt(30),
  SIGN_UPS_PER_ADDRESS: positiveInt(DEFAULT_SIGN_UPS_PER_ADDRESS),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(30),
  LEARNED_THRESHOLD: positiveInt(10),
  MARKET_AUTO_APPROVE: flag.default(false),
  USER_GROUP_MAX_MEMBERS: positiveInt(USER_GROUP_MAX_MEMBERS),
  LIVE_MAX_PLAYERS: positiveInt(LIVE_MAX_PLAYERS),
  MEDIA_SWEEP_GRACE_SECONDS: positiveInt(3600),
  NOTIFICATION_DIGEST_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  RUN_JOBS: flag.default(true),
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_REQUEST_MS: positiveInt(2000),
  SITE_NAME: z.string().min(1).default('Flashcards'),
  CONTACT_EMAIL: z.string().default('contact@localhost'),
  SITE_CONTENT_FILE: optional,
  WEB_DIST_DIR: optional,
});

export type Env = z.input<typeof envSchema>;

const toConfig = (env: z.output<typeof envSchema>) => {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    /**
     * How long a media file stored for a change that never committed (a crash, a failure) is kept before
     * the sweep deletes it; a change that takes longer than this fails instead of keeping a swept file.
     */
    mediaSweepGraceSeconds: env.MEDIA_SWEEP_GRACE_SECONDS,
    notificationDigestMinutes: env.NOTIFICATION_DIGEST_MINUTES,
    database: env.DATABASE_URL
      ? { kind: 'postgres' as const, url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dir: path.join(dataDir, 'db') },
    jwt: {
      secret: env.JWT_SECRET,
      accessMinutes: env.ACCESS_TOKEN_MINUTES,
      refreshDays: env.REFRESH_TOKEN_DAYS,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.OIDC_ISSUER }
        : undefined,
    ai: {
      provider:
        env.AI_BASE_URL && env.AI_MODEL
          ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
          : undefined,
      timeoutSeconds: env.AI_TIMEOUT_SECONDS,
      /** Generations a month, counted on success, by plan. */
      quotas: { free: env.AI_QUOTA_FREE, premium: env.AI_QUOTA_PREMIUM, gold: env.AI_QUOTA_GOLD },
    },
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    /** Payments are taken only when both Stripe secrets are set. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    subscriptions: {
      /** Everyone is premium (a school's own server): no payments are taken. */
      premiumForAll: env.PREMIUM_FOR_ALL,
      /** Prices in minor units by plan and currency. */
      prices: {
        monthly: env.PRICE_MONTHLY,
        annual: env.PRICE_ANNUAL,
        gold_monthly: env.PRICE_GOLD_MONTHLY,
        gold_annual: env.PRICE_GOLD_ANNUAL,
      },
      /** While today is before this day (YYYY-MM-DD), a new account's trial lasts at least until it. */
      trialPromotionUntil: env.TRIAL_PROMOTION_UNTIL,
      affiliateRate: env.AFFILIATE_RATE,
    },
    limits: {
      dailyCardLimit: env.DAILY_CARD_LIMIT,
      trialDays: env.TRIAL_DAYS,
      learnedThreshold: env.LEARNED_THRESHOLD,
      /** Active learning paths, tests and exams a free account may have, each. */
      freeActiveItems: env.FREE_ACTIVE_ITEMS,
      /** Sign-ups an hour from one address (modules/mail/mail-limits.ts). */
      signUpsPerAddress: env.SIGN_UPS_PER_ADDRESS,
    },
    marketAutoApprove: env.MARKET_AUTO_APPROVE,
    /** Members one user group may have. */
    userGroupMaxMembers: env.USER_GROUP_MAX_MEMBERS,
    /** Players one live game may have. */
    liveMaxPlayers: env.LIVE_MAX_PLAYERS,
    /** This server process also runs the queued jobs (false where separate workers run them). */
    runJobs: env.RUN_JOBS,
    /**
     * The job worker's scheduling priority (Linux nice, 0 to 19): its jobs (an import re-encoding pictures)
     * take the CPU the server processes answering people leave.
     */
    workerNice: env.WORKER_NICE,
    logLevel: env.LOG_LEVEL,
    /** A request that takes longer is logged as a warning rather than at info. */
    slowRequestMs: env.SLOW_REQUEST_MS,
    site: { name: env.SITE_NAME, contactEmail: env.CONTACT_EMAIL, contentFile: env.SITE_CONTENT_FILE },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDistDir,
  };
};

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value is reported as one line naming the variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return toConfig(result.data);
};
