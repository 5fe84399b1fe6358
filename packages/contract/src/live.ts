import { z } from 'zod';
import { idParams, idValue } from './common';
import { defineRoute } from './route';

/**
 * A live game: a host shows questions to players who join with a code, all at once, timed on the
 * server's clock (docs/live.md).
 */

/** Seconds a question stays open: the host's choice within these bounds. */
export const LIVE_QUESTION_SECONDS = { min: 5, default: 20, max: 120 } as const;
/** Questions of one game. */
export const LIVE_QUESTIONS = { min: 1, default: 10, max: 30 } as const;
/** Choices of a question drafted from cards: the card's answer and three others of its category. */
export const LIVE_CHOICES = 4;
/** Players a game may have unless the server's configuration says otherwise (`LIVE_MAX_PLAYERS`). */
export const LIVE_MAX_PLAYERS = 1000;
/** Digits of a game's join code. */
export const LIVE_CODE_LENGTH = 6;
/** Characters of a player's nickname. */
export const LIVE_NICKNAME_MAX_LENGTH = 20;
/** Points of an answer (docs/live.md "Scoring"): a right one, and at most this much more for speed. */
export const LIVE_POINTS = { right: 600, speed: 400, streakStep: 100, streakSteps: 3 } as const;

export const livePhaseSchema = z.enum(['lobby', 'question', 'reveal', 'finished']);
export type LivePhase = z.infer<typeof livePhaseSchema>;

export const createLiveGameBody = z.object({
  category: idValue,
  questions: z.coerce
    .number()
    .int()
    .min(LIVE_QUESTIONS.min)
    .max(LIVE_QUESTIONS.max)
    .default(LIVE_QUESTIONS.default),
  question_seconds: z.coerce
    .number()
    .int()
    .min(LIVE_QUESTION_SECONDS.min)
    .max(LIVE_QUESTION_SECONDS.max)
    .default(LIVE_QUESTION_SECONDS.default),
  /** Random teams of this many (0: everyone for themselves). */
  teams: z.coerce
    .number()
    .int()
    .min(0)
    .max(6)
    .refine((teams) => teams !== 1, 'errors:live_one_team')
    .default(0),
  streak_bonus: z.boolean().default(false),
});
export type CreateLiveGameBody = z.infer<typeof createLiveGameBody>;

export const livePlayerSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  score: z.number().int(),
  streak: z.number().int(),
  team: z.number().int().nullable(),
});

/** A game as its host sees it. */
export const liveGameSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  phase: livePhaseSchema,
  /** The question shown or last shown, from 0; null in the lobby. */
  question: z.number().int().nullable(),
  questions_count: z.number().int(),
  question_seconds: z.number().int(),
  teams: z.number().int(),
  streak_bonus: z.boolean(),
  max_players: z.number().int(),
  players: z.array(livePlayerSchema),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type LiveGame = z.infer<typeof liveGameSchema>;

export const liveRoutes = {
  createLiveGame: defineRoute({
    method: 'POST',
    path: '/api/live/games/',
    access: 'user',
    tag: 'live',
    summary: 'Host a live game of one of my categories (questions drafted from its cards)',
    description:
      'Each question is a card: its first side, with its answer among three other answers of the ' +
      'category. Needs at least four cards with different answers (400 `live_too_few_cards`). The game ' +
      'waits in its lobby for players, who join with its code.',
    body: createLiveGameBody,
    status: 201,
    response: liveGameSchema,
    errors: [404],
  }),
  liveGame: defineRoute({
    method: 'GET',
    path: '/api/live/games/{id}/',
    access: 'user',
    tag: 'live',
    summary: 'A live game I host',
    params: idParams,
    response: liveGameSchema,
    errors: [404],
  }),
};
