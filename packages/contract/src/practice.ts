import { z } from 'zod';
import type { Route } from './common';

export const practiceRoutes = {
  myActivity: { method: 'GET', path: '/api/card/card-requests/' },
} as const satisfies Record<string, Route>;

export const scoreFields = [
  'guesses_score',
  'incorrect_guesses_score',
  'guesses_score_typing',
  'incorrect_guesses_score_typing',
] as const;
export type ScoreField = (typeof scoreFields)[number];

/** The header naming the IANA time zone whose calendar day the daily limit and activity use. */
export const TIME_ZONE_HEADER = 'x-timezone';

export const activityEntrySchema = z.object({
  create_at: z.string(),
  card_requests: z.number().int(),
  learned_cards_verbal: z.number().int(),
  learned_cards_typing: z.number().int(),
  completed_categories_verbal: z.number().int(),
  completed_categories_typing: z.number().int(),
  daily_limit: z.number().int().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
