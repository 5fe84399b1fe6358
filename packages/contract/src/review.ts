import { z } from 'zod';
import { pictureCardSchema, textCardSchema } from './cards';
import { idParams } from './common';
import { defineRoute } from './route';

/** New (never reviewed) cards one category's review session brings in a day. */
export const REVIEW_NEW_CARDS_PER_DAY = 20;
/** Cards one review session holds at most (due ones first, then new ones). */
export const REVIEW_SESSION_MAX_CARDS = 100;

export const reviewModeSchema = z.enum(['verbal', 'typing']);
export type ReviewMode = z.infer<typeof reviewModeSchema>;

/** FSRS's four grades, by name. */
export const reviewRatingSchema = z.enum(['again', 'hard', 'good', 'easy']);
export type ReviewRating = z.infer<typeof reviewRatingSchema>;

export const reviewStateSchema = z.enum(['new', 'learning', 'review', 'relearning']);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** A card of a review session: a text card, or a picture card with its picture's addresses. */
export const reviewCardSchema = z.object({
  card: z.union([pictureCardSchema, textCardSchema]),
  state: reviewStateSchema,
  /** When the card became due; null for a new card. */
  due: z.string().nullable(),
});

export const reviewSessionSchema = z.object({
  category_id: z.number().int(),
  type_of_cards: z.enum(['text', 'picture']),
  /** Cards due now (not counting new ones). */
  due_cards_len: z.number().int(),
  /** New cards the session may still bring in today. */
  new_cards_left_today: z.number().int(),
  /** The earliest due date after now of the category's reviewed cards: when the next review is. */
  next_due_at: z.string().nullable(),
  /** Answers left of the day's free limit (practice and review together); null without a limit. */
  answers_left_today: z.number().int().min(0).nullable(),
  cards: reviewCardSchema.array(),
});
export type ReviewSession = z.infer<typeof reviewSessionSchema>;

export const reviewSessionQuery = z.object({
  mode: reviewModeSchema.default('verbal'),
});

export const reviewAnswerBody = z.object({
  mode: reviewModeSchema,
  /** Guessed (verbal) or typed right (typing). */
  correct: z.boolean(),
  /** Seconds from showing the card to the answer; decides Hard and Easy (see the README). */
  seconds: z.number().min(0).max(86_400).optional(),
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBody>;

export const reviewAnswerSchema = z.object({
  rating: reviewRatingSchema,
  state: reviewStateSchema,
  due: z.string(),
  scheduled_days: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  card: z.union([pictureCardSchema, textCardSchema]),
  /** Answers left of the day's free limit after this one; null without a limit. */
  answers_left_today: z.number().int().min(0).nullable(),
});

export const reviewSummarySchema = z.object({
  /** Cards due now over all the learner's text and picture categories. */
  due_cards_len: z.number().int(),
});

/** A learner's answers needed before FSRS is fitted to them; the defaults schedule until then. */
export const MEMORY_MIN_REVIEWS = 1000;

export const memoryModelSchema = z.object({
  /** The recall FSRS schedules each card for: the next review when the chance of recalling it falls to this. */
  desired_retention: z.number(),
  /** The learner's answers FSRS learns from so far: each card's answers on a later day than its previous one. */
  reviews: z.number().int(),
  /** Answers needed before the parameters are fitted to this learner. */
  min_reviews: z.number().int(),
  /** Whether the learner's own fitted parameters schedule their cards (else FSRS's defaults). */
  own_parameters: z.boolean(),
  /** The last fit, if any: when, on how many answers, and how well it and the defaults predicted recall. */
  fit: z
    .object({
      fitted_at: z.string(),
      reviews: z.number().int(),
      /** The root mean square error of predicted against real recall (0..1, lower is better), on held-out answers. */
      rmse_bins: z.number(),
      default_rmse_bins: z.number(),
      log_loss: z.number(),
      default_log_loss: z.number(),
    })
    .nullable(),
});
export type MemoryModel = z.infer<typeof memoryModelSchema>;

const reviewTag = 'review';
const DAILY_LIMIT =
  "Without a subscription or trial, an answer past the day's limit answers 403 as in practice.";

export const reviewRoutes = {
  reviewSession: defineRoute({
    method: 'GET',
    path: '/api/review/categories/{id}/',
    access: 'user',
    tag: reviewTag,
    summary:
      "A spaced-review session of my category: its due cards, oldest due first, then today's new cards",
    description: 'Kids categories have no spaced review (403).',
    params: idParams,
    query: reviewSessionQuery,
    errors: [403, 404],
    response: reviewSessionSchema,
  }),
  reviewAnswer: defineRoute({
    method: 'POST',
    path: '/api/review/cards/{id}/',
    access: 'user',
    tag: reviewTag,
    summary: 'Answer a card of a review session: counted as a practice answer, and rescheduled by FSRS',
    description: DAILY_LIMIT,
    params: idParams,
    body: reviewAnswerBody,
    errors: [403, 404],
    response: reviewAnswerSchema,
  }),
  reviewSummary: defineRoute({
    method: 'GET',
    path: '/api/review/summary/',
    access: 'user',
    tag: reviewTag,
    summary: 'How many of my cards are due for review now',
    response: reviewSummarySchema,
  }),
  memoryModel: defineRoute({
    method: 'GET',
    path: '/api/review/memory-model/',
    access: 'user',
    tag: reviewTag,
    summary: 'My memory model: the recall it schedules for, and how well my own fitted parameters predict me',
    description: `A weekly job fits FSRS's parameters to a learner with at least ${MEMORY_MIN_REVIEWS} answers; they schedule the learner's cards when they predicted the held-out answers better than the defaults.`,
    response: memoryModelSchema,
  }),
};
