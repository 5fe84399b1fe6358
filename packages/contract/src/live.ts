import { z } from 'zod';
import { idParams, idValue } from './common';
import { defineRoute, fileBody } from './route';

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

export const createLiveGameBody = z
  .object({
    /** The category whose cards become the questions, or (`test`) the test whose questions are asked. */
    category: idValue.optional(),
    test: idValue.optional(),
    /** How many questions: 10 of a category's cards by default, or all of a test's (at most 30). */
    questions: z.coerce.number().int().min(LIVE_QUESTIONS.min).max(LIVE_QUESTIONS.max).optional(),
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
  })
  .superRefine((body, context) => {
    if ((body.category === undefined) === (body.test === undefined))
      context.addIssue({ code: 'custom', path: ['category'], message: 'errors:live_one_source' });
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

/*
 * The game's socket (docs/live.md "The socket"): `GET /api/live/socket/`, one JSON message a frame. The first
 * message says who the socket is (a host, a joining player, a returning player); the server answers with
 * the game's state and pushes it again after every change, each with the game's revision.
 */

/** The path of the game's WebSocket. */
export const LIVE_SOCKET_PATH = '/api/live/socket/';
/** The largest message a client may send, in bytes. */
export const LIVE_MESSAGE_MAX_BYTES = 4096;
/** Players shown on a leaderboard. */
export const LIVE_LEADERBOARD_SIZE = 5;

const liveCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  /** The host's screen: the game and the host's access token (a socket has no Authorization header). */
  z.object({ type: z.literal('host'), game: idValue, access: z.string().min(1).max(4096) }),
  /** A player joins with the code and a nickname; signed in, with their access token too. */
  z.object({
    type: z.literal('join'),
    code: liveCode,
    nickname: z.string().max(200),
    access: z.string().min(1).max(4096).optional(),
  }),
  /** A player comes back with the token joining gave them. */
  z.object({ type: z.literal('resume'), token: z.string().min(1).max(200) }),
  /** A player's answer: the question's position and the choice's index. */
  z.object({ type: z.literal('answer'), question: z.number().int().min(0), choice: z.number().int().min(0) }),
  /** The host's actions: open the first question, close the open one or open the next, remove, end. */
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('next') }),
  z.object({ type: z.literal('remove'), player: idValue }),
  z.object({ type: z.literal('end') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export const liveStandingSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  score: z.number().int(),
  team: z.number().int().nullable(),
  /** 1 for the best; players with the same score share a rank. */
  rank: z.number().int(),
});
export type LiveStanding = z.infer<typeof liveStandingSchema>;

export const liveTeamStandingSchema = z.object({
  team: z.number().int(),
  /** The members' mean score, rounded. */
  score: z.number().int(),
  members: z.number().int(),
  rank: z.number().int(),
});

export const liveQuestionSchema = z.object({
  position: z.number().int(),
  /** The card's first side (card text), or '' when the question is a picture. */
  prompt: z.string(),
  picture: z.string().nullable(),
  choices: z.array(z.string()),
  opened_at: z.string(),
  closes_at: z.string(),
  /** The right choice, once the question closed. */
  correct: z.number().int().nullable(),
  /** How many players answered so far. */
  answered: z.number().int(),
  /** How many players took each choice, once the question closed. */
  distribution: z.array(z.number().int()).nullable(),
});
export type LiveQuestion = z.infer<typeof liveQuestionSchema>;

const liveGameFacts = z.object({
  id: z.number().int(),
  title: z.string(),
  phase: livePhaseSchema,
  question: z.number().int().nullable(),
  questions_count: z.number().int(),
  question_seconds: z.number().int(),
  teams: z.number().int(),
});

/** What the host's screen shows. */
export const liveHostStateSchema = z.object({
  role: z.literal('host'),
  game: liveGameFacts.extend({ code: z.string(), streak_bonus: z.boolean(), max_players: z.number().int() }),
  /** Everyone in the game, best first. */
  players: z.array(liveStandingSchema),
  question: liveQuestionSchema.nullable(),
  teams: z.array(liveTeamStandingSchema),
});
export type LiveHostState = z.infer<typeof liveHostStateSchema>;

/** What a player's phone shows. */
export const livePlayerStateSchema = z.object({
  role: z.literal('player'),
  game: liveGameFacts.extend({ players: z.number().int() }),
  you: liveStandingSchema.extend({ streak: z.number().int() }),
  question: liveQuestionSchema.omit({ distribution: true, answered: true }).nullable(),
  /** My answer to the question shown: whether it was right and its points once it closed. */
  answer: z
    .object({
      choice: z.number().int(),
      correct: z.boolean().nullable(),
      points: z.number().int().nullable(),
    })
    .nullable(),
  /** The best players, once a question closed and at the end. */
  leaderboard: z.array(liveStandingSchema),
  teams: z.array(liveTeamStandingSchema),
});
export type LivePlayerState = z.infer<typeof livePlayerStateSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /**
   * The game as this socket's role sees it. `revision` grows with every change of the game (a state of a
   * lower revision than one already shown is older: ignore it); `now` is the server's clock, to count down
   * to `closes_at` whatever the device's clock says.
   */
  z.object({
    type: z.literal('state'),
    revision: z.number().int(),
    now: z.string(),
    state: z.union([liveHostStateSchema, livePlayerStateSchema]),
  }),
  /** A player joined: the token to keep (it brings them back as the same player). */
  z.object({ type: z.literal('joined'), token: z.string(), player: z.number().int() }),
  /** An answer was counted. */
  z.object({ type: z.literal('answered'), question: z.number().int(), choice: z.number().int() }),
  /**
   * A refusal, as a message key of the `errors` namespace and an HTTP-like status. After `live_removed`,
   * `not_found` (an unknown game or token) or `not_authenticated`, the server closes the socket.
   */
  z.object({
    type: z.literal('error'),
    status: z.number().int(),
    key: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

/** A finished or running game's outcome, for its host: every question and every player's answers. */
export const liveResultsSchema = z.object({
  game: liveGameSchema.omit({ players: true }),
  questions: z.array(liveQuestionSchema.omit({ opened_at: true, closes_at: true, answered: true })),
  players: z.array(
    liveStandingSchema.extend({
      /** Whether the player was signed in (their answers count as practice of the category). */
      signed_in: z.boolean(),
      answers: z.array(
        z.object({
          question: z.number().int(),
          choice: z.number().int(),
          correct: z.boolean(),
          points: z.number().int(),
          /** Milliseconds from the question's opening to the answer. */
          time_ms: z.number().int(),
        }),
      ),
    }),
  ),
  teams: z.array(liveTeamStandingSchema),
});
export type LiveResults = z.infer<typeof liveResultsSchema>;

/** The columns of a game's CSV: a line per player and question. */
export const LIVE_RESULTS_CSV_COLUMNS = [
  'rank',
  'nickname',
  'team',
  'score',
  'question',
  'prompt',
  'answer',
  'correct',
  'points',
  'seconds',
] as const;

export const liveRoutes = {
  createLiveGame: defineRoute({
    method: 'POST',
    path: '/api/live/games/',
    access: 'user',
    tag: 'live',
    summary: 'Host a live game of one of my categories or one of my tests',
    description:
      'Of a category, each question is a card: its first side, with its answer among three other answers ' +
      'of the category (at least four cards with different answers, 400 `live_too_few_cards`). Of a test, ' +
      'its questions with one right answer, in order: one correct answer of A to D, true or false, and ' +
      'several answers with only one right; the others are left out (none left: 400 `live_no_questions`). ' +
      'The game waits in its lobby for players, who join with its code.',
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
  liveGames: defineRoute({
    method: 'GET',
    path: '/api/live/games/',
    access: 'user',
    tag: 'live',
    summary: 'The live games I hosted, the latest first (the last 50)',
    response: z.array(liveGameSchema.omit({ players: true }).extend({ players: z.number().int() })),
  }),
  liveResults: defineRoute({
    method: 'GET',
    path: '/api/live/games/{id}/results/',
    access: 'user',
    tag: 'live',
    summary: "A game I host: its questions, the players' standings and each player's answers",
    params: idParams,
    response: liveResultsSchema,
    errors: [404],
  }),
  exportLiveResults: defineRoute({
    method: 'GET',
    path: '/api/live/games/{id}/results/export/',
    access: 'user',
    tag: 'live',
    summary: "A game's results as a CSV file",
    description:
      `A header row (${LIVE_RESULTS_CSV_COLUMNS.join(', ')}), then a line per player and question, best ` +
      'player first; UTF-8 with a BOM; a cell that would start a formula is written as text.',
    params: idParams,
    response: fileBody,
    download: ['text/csv'],
    errors: [404],
  }),
};
