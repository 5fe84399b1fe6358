import { z } from 'zod';
import { defineRoute } from './route';

export const scoreFields = [
  'guesses_score',
  'incorrect_guesses_score',
  'guesses_score_typing',
  'incorrect_guesses_score_typing',
] as const;
export type ScoreField = (typeof scoreFields)[number];

/** The two ways of practising a card: saying the answer (verbal) or typing it. */
export type PracticeMode = 'verbal' | 'typing';

/** The score field an answer adds one to: each mode has its own pair of right and wrong. */
export const scoreFieldOf = (mode: PracticeMode, correct: boolean): ScoreField =>
  mode === 'typing'
    ? correct
      ? 'guesses_score_typing'
      : 'incorrect_guesses_score_typing'
    : correct
      ? 'guesses_score'
      : 'incorrect_guesses_score';

/** A card's scores, as every card in a response carries them. */
export const cardScores = {
  guesses_score: z.number().int(),
  incorrect_guesses_score: z.number().int(),
  guesses_score_typing: z.number().int(),
  incorrect_guesses_score_typing: z.number().int(),
} satisfies Record<ScoreField, z.ZodType>;

/** The sums of those scores over a category's cards (or a student's). */
export const scoreTotals = {
  total_guesses_score: z.number().int(),
  total_incorrect_guesses_score: z.number().int(),
  total_guesses_score_typing: z.number().int(),
  total_incorrect_guesses_score_typing: z.number().int(),
} satisfies Record<`total_${ScoreField}`, z.ZodType>;

/** A practice session's name, made by the client: its answers can be taken back, the last one once. */
export const practiceSessionId = z.uuid();

/** What an answer did beside the score (absent on an edit). */
export const answerOutcome = z.object({
  /** The answer learned the card (it reached the learned threshold in its mode). */
  learned: z.boolean().optional(),
  /** The answer learned the last card of the category still to learn in the mode. */
  completed_category: z.boolean().optional(),
  /**
   * The answers of the day's free limit still left after this one; null for an account without the limit
   * (a subscription or a trial).
   */
  answers_left_today: z.number().int().min(0).nullable().optional(),
});
export type AnswerOutcome = z.infer<typeof answerOutcome>;

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

/**
 * Daily badges (spec section 9): earned on a day whose activity entry reaches the threshold. Each is
 * reported once, with the first day it was earned and on how many days it was earned.
 */
export const badgeThresholds = {
  cards_per_day: [10, 20, 50, 100, 200, 300, 500],
  learned_verbal: [10, 20, 30, 40, 50, 100],
  learned_typing: [10, 20, 30, 40, 50, 100],
  completed_category_verbal: [1],
  completed_category_typing: [1],
} as const;
export type BadgeKind = keyof typeof badgeThresholds;
export const badgeKinds = Object.keys(badgeThresholds) as BadgeKind[];

export const badgeSchema = z.object({
  kind: z.enum(badgeKinds as [BadgeKind, ...BadgeKind[]]),
  threshold: z.number().int(),
  earned_on: z.string(),
  times: z.number().int(),
});
export type Badge = z.infer<typeof badgeSchema>;

export const undoneAnswerSchema = z.object({
  card_id: z.number().int(),
  field: z.enum(scoreFields),
});
export type UndoneAnswer = z.infer<typeof undoneAnswerSchema>;

export const practiceRoutes = {
  undoLastAnswer: defineRoute({
    method: 'POST',
    path: '/api/card/practice-sessions/{session}/undo/',
    access: 'user',
    tag: 'practice',
    summary: "Take back the session's last answer, once",
    description:
      'The score goes down by one, and the day it was counted on counts one answer less (and one learned ' +
      'card and completed category less when the answer had added them), never below zero. Another ' +
      "user's or an unknown session answers 404; a session whose last answer was already taken back 409 " +
      '`nothing_to_undo`.',
    params: z.object({ session: practiceSessionId }),
    response: undoneAnswerSchema,
    errors: [404, 409],
  }),
  myActivity: defineRoute({
    method: 'GET',
    path: '/api/card/card-requests/',
    access: 'user',
    tag: 'practice',
    summary: 'My activity: one entry per day, newest first',
    description: "Days are calendar days in the account's time zone (its profile's `time_zone`).",
    response: activityEntrySchema.array(),
  }),
};
