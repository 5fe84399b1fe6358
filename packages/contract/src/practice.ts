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

/** The most answers one sync call carries; a device with more sends them in several calls, in order. */
export const OFFLINE_SYNC_MAX_ANSWERS = 500;
/** Answers older than this when they reach the server are not counted (`too_old`). */
export const OFFLINE_ANSWER_MAX_AGE_DAYS = 30;

/** An answer given without the network, as the device kept it. */
export const offlineAnswerSchema = z.object({
  /** Made by the device (a uuid): the server applies an answer of this id once, however often it is sent. */
  id: z.uuid(),
  card_id: z.number().int().positive().max(2_147_483_647),
  mode: z.enum(['verbal', 'typing']),
  correct: z.boolean(),
  /** When the learner answered, by the device's clock (a later time than the server's is taken as now). */
  answered_at: z.iso.datetime({ offset: true }),
  /** A spaced review's answer, with the seconds it took (they decide Hard and Easy); else practice. */
  review: z.object({ seconds: z.number().min(0).max(86_400).optional() }).optional(),
  /**
   * An answer of a learning path's study: `card_id` is then the path card's `id` as the path's deck gives
   * it, and the answer counts as the path's study answer does (no free answers spent).
   */
  learning_path: z.literal(true).optional(),
});
export type OfflineAnswer = z.infer<typeof offlineAnswerSchema>;

/** A kids card listened to without the network: it adds one to the card's listens, as online. */
export const offlineListenSchema = z.object({
  /** Made by the device (a uuid), as an answer's: applied once. */
  id: z.uuid(),
  card_id: z.number().int().positive().max(2_147_483_647),
  listened_at: z.iso.datetime({ offset: true }),
});
export type OfflineListen = z.infer<typeof offlineListenSchema>;

export const offlineSyncBody = z.object({
  /** None: only what the device needs to know of the free daily limit. */
  answers: offlineAnswerSchema.array().max(OFFLINE_SYNC_MAX_ANSWERS),
  /** Listens of kids cards; they count towards no limit, score or activity, as online. */
  listens: offlineListenSchema.array().max(OFFLINE_SYNC_MAX_ANSWERS).default([]),
});

/**
 * What became of an answer or a listen: `counted` (as if given online at its time), `over_limit` (an answer
 * past the free daily limit of its day: not counted), `not_found` (no such card of mine now, or a card of
 * the other sort: an answer to a kids card, a listen of a text or picture card; a path card whose path was
 * not running that day or does not study the mode), `too_old`.
 */
export const offlineAnswerStatusSchema = z.enum(['counted', 'over_limit', 'not_found', 'too_old']);
export type OfflineAnswerStatus = z.infer<typeof offlineAnswerStatusSchema>;

export const offlineSyncSchema = z.object({
  /**
   * One per answer sent, in the order sent, then one per listen; an answer or listen sent before keeps the
   * status it got then.
   */
  results: z
    .array(z.object({ id: z.uuid(), status: offlineAnswerStatusSchema }))
    .max(2 * OFFLINE_SYNC_MAX_ANSWERS),
  /** How many of this call's answers were counted now (answers sent before are not counted again). */
  counted: z.number().int().min(0),
  /** How many were past a day's free limit now. */
  over_limit: z.number().int().min(0),
  /** Answers left of today's free limit after the sync; null without a limit. */
  answers_left_today: z.number().int().min(0).nullable(),
  /** The free daily limit, for the device to hold while offline; null without a limit. */
  daily_limit: z.number().int().min(0).nullable(),
});
export type OfflineSync = z.infer<typeof offlineSyncSchema>;

export const practiceRoutes = {
  syncOfflineAnswers: defineRoute({
    method: 'POST',
    path: '/api/card/offline-answers/',
    access: 'user',
    tag: 'practice',
    summary: 'Send the answers given without the network',
    description:
      "Each answer counts as if it had been given online at its `answered_at`: the card's score, the day's " +
      "activity (that day in the account's time zone), learned cards and completed categories, badges and the " +
      'memory of the card. Answers are applied in the order of their times, each once by its `id`: a call ' +
      "sent again changes nothing and answers each id's first status. Without a subscription or trial, each " +
      "day's answers past the daily limit are not counted (`over_limit`). " +
      `Answers older than ${OFFLINE_ANSWER_MAX_AGE_DAYS} days are not counted (\`too_old\`). ` +
      "Listens of kids cards count once each by their `id` too, on the card's listens only.",
    body: offlineSyncBody,
    response: offlineSyncSchema,
  }),

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
