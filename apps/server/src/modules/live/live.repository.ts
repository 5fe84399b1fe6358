import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liveAnswers, liveGames, livePlayers, liveQuestions } from '../../db/schema';

export type LiveGameRow = typeof liveGames.$inferSelect;
export type LivePlayerRow = typeof livePlayers.$inferSelect;
export type LiveQuestionRow = typeof liveQuestions.$inferSelect;
export type LiveAnswerRow = typeof liveAnswers.$inferSelect;

/** A new game with its questions; null when its code is taken by another open game (draw another). */
export const insertGame = async (
  tx: Executor,
  game: typeof liveGames.$inferInsert,
  questions: Omit<typeof liveQuestions.$inferInsert, 'gameId'>[],
) => {
  const [row] = await tx.insert(liveGames).values(game).onConflictDoNothing().returning();
  if (!row) return null;
  await tx.insert(liveQuestions).values(questions.map((question) => ({ ...question, gameId: row.id })));
  return row;
};

export const findGame = async (db: Executor, id: number) => {
  const [row] = await db.select().from(liveGames).where(eq(liveGames.id, id));
  return row;
};

/** The open game (not finished) of a join code. */
export const findOpenGame = async (db: Executor, code: string) => {
  const [row] = await db
    .select()
    .from(liveGames)
    .where(and(eq(liveGames.code, code), sql`${liveGames.phase} <> 'finished'`));
  return row;
};

/** The game, locked until the transaction ends: its changes (phase, players) happen one at a time. */
export const lockGame = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(liveGames).where(eq(liveGames.id, id)).for('update');
  return row;
};

/** Sets the game's fields and raises its revision. */
export const updateGame = async (
  tx: Executor,
  id: number,
  values: Partial<typeof liveGames.$inferInsert>,
) => {
  const [row] = await tx
    .update(liveGames)
    .set({ ...values, revision: sql`${liveGames.revision} + 1` })
    .where(eq(liveGames.id, id))
    .returning();
  return row!;
};

export const question = async (db: Executor, gameId: number, position: number) => {
  const [row] = await db
    .select()
    .from(liveQuestions)
    .where(and(eq(liveQuestions.gameId, gameId), eq(liveQuestions.position, position)));
  return row;
};

/** The players still in the game (not removed), in the order they joined. */
export const activePlayers = (db: Executor, gameId: number) =>
  db
    .select()
    .from(livePlayers)
    .where(and(eq(livePlayers.gameId, gameId), isNull(livePlayers.removedAt)))
    .orderBy(asc(livePlayers.id));

/** Each team's members among the players still in the game. */
export const teamSizes = async (db: Executor, gameId: number) => {
  const rows = await db
    .select({ team: livePlayers.team, members: count() })
    .from(livePlayers)
    .where(and(eq(livePlayers.gameId, gameId), isNull(livePlayers.removedAt)))
    .groupBy(livePlayers.team);
  return new Map(rows.map((row) => [row.team, row.members]));
};

export const countPlayers = async (db: Executor, gameId: number) => {
  const [row] = await db
    .select({ total: count() })
    .from(livePlayers)
    .where(and(eq(livePlayers.gameId, gameId), isNull(livePlayers.removedAt)));
  return row?.total ?? 0;
};

/** A new player; null when the nickname is taken in the game (whatever its case). */
export const insertPlayer = async (tx: Executor, player: typeof livePlayers.$inferInsert) => {
  const [row] = await tx.insert(livePlayers).values(player).onConflictDoNothing().returning();
  return row ?? null;
};

/** The player a token names, if still in the game. */
export const findPlayerByToken = async (db: Executor, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(livePlayers)
    .where(and(eq(livePlayers.tokenHash, tokenHash), isNull(livePlayers.removedAt)));
  return row;
};

export const findPlayer = async (db: Executor, gameId: number, playerId: number) => {
  const [row] = await db
    .select()
    .from(livePlayers)
    .where(and(eq(livePlayers.gameId, gameId), eq(livePlayers.id, playerId)));
  return row;
};

export const removePlayer = (tx: Executor, playerId: number, now: Date) =>
  tx.update(livePlayers).set({ removedAt: now }).where(eq(livePlayers.id, playerId));

/**
 * The game, share-locked until the transaction ends: answers run side by side, and a change of the
 * game's phase (which locks it for update) waits for those under way, and they for it.
 */
export const shareGame = async (tx: Executor, id: number) => {
  const [row] = await tx.select().from(liveGames).where(eq(liveGames.id, id)).for('share');
  return row;
};

/** The player's answer, unless they answered the question already; returns whether it was taken. */
export const insertAnswer = async (tx: Executor, answer: typeof liveAnswers.$inferInsert) => {
  const rows = await tx
    .insert(liveAnswers)
    .values(answer)
    .onConflictDoNothing()
    .returning({ at: liveAnswers.answeredAt });
  return rows.length > 0;
};

/** The player's score and streak after an answer. */
export const setPlayerScore = (db: Executor, playerId: number, points: number, streak: number) =>
  db
    .update(livePlayers)
    .set({ score: sql`${livePlayers.score} + ${points}`, streak })
    .where(eq(livePlayers.id, playerId));

/** Players still in the game who have not answered the question: their streak ends with it. */
export const endStreaksOfSilent = (tx: Executor, gameId: number, position: number) =>
  tx.execute(sql`
    update ${livePlayers} set streak = 0
    where ${livePlayers.gameId} = ${gameId} and ${livePlayers.removedAt} is null
      and not exists (
        select 1 from ${liveAnswers}
        where ${liveAnswers.playerId} = ${livePlayers.id} and ${liveAnswers.position} = ${position}
      )`);

/** Whether every player still in the game has answered the question (one indexed probe, not a count). */
export const everyoneAnswered = async (db: Executor, gameId: number, position: number) => {
  const [silent] = await db
    .select({ id: livePlayers.id })
    .from(livePlayers)
    .where(
      and(
        eq(livePlayers.gameId, gameId),
        isNull(livePlayers.removedAt),
        sql`not exists (select 1 from ${liveAnswers} where ${liveAnswers.playerId} = ${livePlayers.id} and ${liveAnswers.position} = ${position})`,
      ),
    )
    .limit(1);
  return !silent;
};

/** The players still in the game, best first (ties in the order they joined). */
export const standings = (db: Executor, gameId: number) =>
  db
    .select()
    .from(livePlayers)
    .where(and(eq(livePlayers.gameId, gameId), isNull(livePlayers.removedAt)))
    .orderBy(desc(livePlayers.score), asc(livePlayers.id));

/** Every answer to one question, or to all of a game's questions. */
export const answers = (db: Executor, gameId: number, position?: number) =>
  db
    .select()
    .from(liveAnswers)
    .where(
      position === undefined
        ? eq(liveAnswers.gameId, gameId)
        : and(eq(liveAnswers.gameId, gameId), eq(liveAnswers.position, position)),
    )
    .orderBy(asc(liveAnswers.position), asc(liveAnswers.playerId));

export const questions = (db: Executor, gameId: number) =>
  db
    .select()
    .from(liveQuestions)
    .where(eq(liveQuestions.gameId, gameId))
    .orderBy(asc(liveQuestions.position));

/** The games a host made, the latest first, with how many players are still in each. */
export const hostedGames = (db: Executor, hostId: number, limit: number) =>
  db
    .select({
      game: liveGames,
      // Qualified by hand: inside the subquery, the outer table's bare `id` would read as the players'.
      players: sql<number>`(
        select count(*) from ${livePlayers}
        where ${livePlayers}.game_id = ${liveGames}.id and ${livePlayers}.removed_at is null
      )`.mapWith(Number),
    })
    .from(liveGames)
    .where(eq(liveGames.hostId, hostId))
    .orderBy(desc(liveGames.createdAt), desc(liveGames.id))
    .limit(limit);

export const questionOpened = (tx: Executor, gameId: number, position: number, openedAt: Date) =>
  tx
    .update(liveQuestions)
    .set({ openedAt })
    .where(and(eq(liveQuestions.gameId, gameId), eq(liveQuestions.position, position)));

/** The answers to a question of players who were signed in when they joined. */
export const signedInAnswers = (tx: Executor, gameId: number, position: number) =>
  tx
    .select({
      userId: sql<number>`${livePlayers.userId}`,
      correct: liveAnswers.correct,
      at: liveAnswers.answeredAt,
    })
    .from(liveAnswers)
    .innerJoin(livePlayers, eq(livePlayers.id, liveAnswers.playerId))
    .where(
      and(
        eq(liveAnswers.gameId, gameId),
        eq(liveAnswers.position, position),
        sql`${livePlayers.userId} is not null`,
      ),
    );

export const countAnswers = async (db: Executor, gameId: number, position: number) => {
  const [row] = await db
    .select({ total: count() })
    .from(liveAnswers)
    .where(and(eq(liveAnswers.gameId, gameId), eq(liveAnswers.position, position)));
  return row?.total ?? 0;
};
