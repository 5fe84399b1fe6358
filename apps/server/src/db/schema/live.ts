/**
 * Live games, written by the live module (docs/live.md): a game and its questions, drafted when it is
 * made, its players and their answers. The game's state lives here, so any server process can serve any
 * player and a restart loses nothing.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './cards';
import { users } from './users';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const livePhaseEnum = pgEnum('live_phase', ['lobby', 'question', 'reveal', 'finished']);

export const liveGames = pgTable(
  'live_games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The category the questions were drafted from (the answers count as its practice); null once it goes. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** What players type to join; unique among the games not finished. */
    code: text('code').notNull(),
    phase: livePhaseEnum('phase').notNull().default('lobby'),
    /** The question shown or last shown, from 0. */
    question: integer('question'),
    questionsCount: integer('questions_count').notNull(),
    questionSeconds: integer('question_seconds').notNull(),
    /** When the current question opened and closes, on the server's clock. */
    openedAt: moment('opened_at'),
    closesAt: moment('closes_at'),
    teams: integer('teams').notNull().default(0),
    streakBonus: boolean('streak_bonus').notNull().default(false),
    maxPlayers: integer('max_players').notNull(),
    /** Raised by every change of the game, its players or its answers: clients keep the newest state. */
    revision: integer('revision').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    endedAt: moment('ended_at'),
  },
  (table) => [
    uniqueIndex('live_games_open_code_idx').on(table.code).where(sql`${table.phase} <> 'finished'`),
    index('live_games_host_idx').on(table.hostId, table.createdAt),
    // A category deleted sets its games' category to null.
    index('live_games_category_idx').on(table.categoryId),
  ],
);

/** A question of a game as drafted: a card's first side and four choices, one of them right. */
export const liveQuestions = pgTable(
  'live_questions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => liveGames.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The card asked about (its answers count as practice); no foreign key: the card may go. */
    cardId: integer('card_id'),
    prompt: text('prompt').notNull(),
    /** The picture of a picture card's question (its storage key), else null. */
    picture: text('picture'),
    choices: jsonb('choices').$type<string[]>().notNull(),
    correct: integer('correct').notNull(),
    /** When the question was opened, once it was. */
    openedAt: moment('opened_at'),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.position] })],
);

export const livePlayers = pgTable(
  'live_players',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => liveGames.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    /** A signed-in player's account; null for a guest. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The SHA-256 of the token the player's browser keeps to come back as this player. */
    tokenHash: text('token_hash').notNull(),
    score: integer('score').notNull().default(0),
    streak: integer('streak').notNull().default(0),
    team: integer('team'),
    joinedAt: moment('joined_at').notNull(),
    removedAt: moment('removed_at'),
  },
  (table) => [
    // One nickname a game, whatever its case.
    uniqueIndex('live_players_nickname_idx').on(table.gameId, sql`lower(${table.nickname})`),
    uniqueIndex('live_players_token_idx').on(table.tokenHash),
    // An account deleted sets its players' account to null.
    index('live_players_user_idx').on(table.userId).where(sql`${table.userId} is not null`),
  ],
);

/** A player's answer to a question: at most one, its points fixed when it is given. */
export const liveAnswers = pgTable(
  'live_answers',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => liveGames.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => livePlayers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    choice: integer('choice').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    answeredAt: moment('answered_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.position] }),
    index('live_answers_question_idx').on(table.gameId, table.position),
  ],
);
