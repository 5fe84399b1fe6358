import { z } from 'zod';
import { defineRoute } from './route';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const videoSchema = z.object({
  title_en: z.string().min(1),
  title_bg: z.string().min(1),
  /** An embeddable video address (https), e.g. a YouTube or Vimeo player URL. */
  url: z.url({ protocol: /^https$/ }),
});

export const socialLinkSchema = z.object({
  network: z.enum(['facebook', 'instagram', 'youtube', 'tiktok', 'linkedin', 'x']),
  url: z.url({ protocol: /^https$/ }),
});

/** Public facts of this deployment that the web app needs before anyone signs in. */
export const siteSchema = z.object({
  name: z.string(),
  contact_email: z.string(),
  google_sign_in: z.boolean(),
  daily_card_limit: z.number().int(),
  /** Correct answers in a mode after which a card counts as learned in it. */
  learned_threshold: z.number().int(),
  trial_days: z.number().int(),
  /** Every account is premium on this server: nothing is for sale, so no price, trial or affiliate shows. */
  premium_for_all: z.boolean(),
  social_links: z.array(socialLinkSchema),
  demo_videos: z.array(videoSchema),
  teacher_videos: z.object({ language: z.array(videoSchema), science: z.array(videoSchema) }),
});

/** Counts shown on the home page. */
export const publicStatsSchema = z.object({
  categories_count: z.number().int(),
  cards_count: z.number().int(),
});

const tag = 'system';

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tag,
    summary: 'The process is up',
    response: healthSchema,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    tag,
    summary: 'The database is reachable',
    response: readySchema,
    errors: [503],
  }),
  site: defineRoute({
    method: 'GET',
    path: '/api/site/',
    access: 'public',
    tag,
    summary: 'Public facts of this deployment',
    response: siteSchema,
  }),
  publicStats: defineRoute({
    method: 'GET',
    path: '/api/stats/public/',
    access: 'public',
    tag,
    summary: 'Counts of categories and cards for the home page',
    response: publicStatsSchema,
  }),
};

export type Video = z.infer<typeof videoSchema>;
export type SocialLink = z.infer<typeof socialLinkSchema>;
export type Site = z.infer<typeof siteSchema>;
export type PublicStats = z.infer<typeof publicStatsSchema>;
