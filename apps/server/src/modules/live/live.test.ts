import type { LiveGame } from '@flashcards/contract';
import { LIVE_POINTS } from '@flashcards/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { liveGames, liveQuestions } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = () => signInAs(t);

const capitals: [string, string][] = [
  ['Bulgaria', 'Sofia'],
  ['France', 'Paris'],
  ['Italy', 'Rome'],
  ['Austria', 'Vienna'],
  ['Spain', 'Madrid'],
];

/** A host with a category of capitals and a game of it in its lobby. */
const hosting = async (options: object = {}, cards = capitals) => {
  const host = await signIn();
  const category = await buildCategory(t.database.db, { userId: host.user.id, name: 'Capitals' });
  for (const [question, answer] of cards)
    await buildCard(t.database.db, { categoryId: category.id, firstSide: question, secondSide: answer });
  const created = await host.call('POST', '/api/live/games/', { category: category.id, ...options });
  expect(created.statusCode, created.body).toBe(201);
  return { host, category, game: created.json() as LiveGame };
};

const questionsOf = (gameId: number) =>
  t.database.db
    .select()
    .from(liveQuestions)
    .where(eq(liveQuestions.gameId, gameId))
    .orderBy(asc(liveQuestions.position));

const join = (code: string, nickname: string, userId: number | null = null) =>
  t.services.live.join({ code, nickname, userId });

/** How the service refused: the status and the message key (of the detail, or of the first field). */
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const key = error.detail?.key ?? Object.values(error.fields ?? {})[0]?.[0]?.key;
    return { status: error.statusCode, key };
  }
  throw new Error('expected a refusal');
};

/** Resolves with the game's next committed change that `matches`. */
const nextChange = (gameId: number, matches: (game: typeof liveGames.$inferSelect) => boolean) =>
  new Promise<void>((resolve) => {
    const stop = t.services.live.onChange(async (change) => {
      if (change.gameId !== gameId) return;
      const [game] = await t.database.db.select().from(liveGames).where(eq(liveGames.id, gameId));
      if (game && matches(game)) {
        stop();
        resolve();
      }
    });
  });

const hostActor = (host: Session) => host.user as Parameters<typeof t.services.live.start>[0];

describe('making a live game', () => {
  it('drafts a question of each card: its answer among three other answers of the category', async () => {
    const { host, game } = await hosting({ questions: 4, question_seconds: 15 });
    expect(game).toMatchObject({
      title: 'Capitals',
      phase: 'lobby',
      question: null,
      questions_count: 4,
      question_seconds: 15,
      players: [],
    });
    expect(game.code).toMatch(/^\d{6}$/);
    const questions = await questionsOf(game.id);
    expect(questions).toHaveLength(4);
    const answers = new Map(capitals);
    for (const question of questions) {
      expect(new Set(question.choices).size).toBe(4);
      expect(question.choices[question.correct]).toBe(answers.get(question.prompt));
      for (const choice of question.choices) expect([...answers.values()]).toContain(choice);
    }
    expect(new Set(questions.map((question) => question.prompt)).size).toBe(4);
    const read = await host.call('GET', `/api/live/games/${game.id}/`);
    expect(read.json()).toEqual(game);
  });

  it('needs four different answers, and one of my own categories', async () => {
    const host = await signIn();
    const few = await buildCategory(t.database.db, { userId: host.user.id });
    for (const [question, answer] of [...capitals.slice(0, 3), ['Sofia', 'sofia ']] as [string, string][])
      await buildCard(t.database.db, { categoryId: few.id, firstSide: question, secondSide: answer });
    const refused = await host.call('POST', '/api/live/games/', { category: few.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      category: [
        'A live game needs a category with at least four cards of different answers: each question shows its answer among three others.',
      ],
    });
    const { category, game } = await hosting();
    expect((await host.call('POST', '/api/live/games/', { category: category.id })).statusCode).toBe(404);
    expect((await host.call('GET', `/api/live/games/${game.id}/`)).statusCode).toBe(404);
    const oneTeam = await host.call('POST', '/api/live/games/', { category: few.id, teams: 1 });
    expect(Object.keys(oneTeam.json())).toEqual(['teams']);
  });
});

describe('joining', () => {
  it('gives each player a nickname of their own, whatever its case, and a token to come back with', async () => {
    const { host, game } = await hosting();
    const ana = await join(game.code, '  Ana  ');
    expect(ana.player.nickname).toBe('Ana');
    expect(await refusal(join(game.code, 'ANA'))).toEqual({ status: 400, key: 'live_nickname_taken' });
    expect((await refusal(join(game.code, 'x'.repeat(21)))).status).toBe(400);
    expect((await refusal(join('000000', 'Boris'))).status).toBe(404);
    const back = await t.services.live.resume(ana.token);
    expect(back.player.id).toBe(ana.player.id);
    const listed = (await host.call('GET', `/api/live/games/${game.id}/`)).json() as LiveGame;
    expect(listed.players.map((player) => player.nickname)).toEqual(['Ana']);
  });

  it('holds the player limit under a burst of joins, and the code stops working when the game ends', async () => {
    const { host, game } = await hosting();
    await t.database.db.update(liveGames).set({ maxPlayers: 10 }).where(eq(liveGames.id, game.id));
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) => join(game.code, `player ${index}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason.detail?.key] : [],
    );
    expect(new Set(refused)).toEqual(new Set(['live_full']));
    await t.services.live.end(hostActor(host), game.id);
    expect((await refusal(join(game.code, 'late'))).status).toBe(404);
  });

  it('puts players in random teams of sizes that differ by one at most', async () => {
    const { game } = await hosting({ teams: 3 });
    const players: { team: number | null }[] = [];
    for (let index = 0; index < 8; index++) players.push((await join(game.code, `p${index}`)).player);
    const sizes = [0, 1, 2].map((team) => players.filter((player) => player.team === team).length);
    expect(sizes.sort()).toEqual([2, 3, 3]);
  });
});

describe('playing', () => {
  it('scores on the server clock, one answer a question, none after the time is up', async () => {
    const { host, game } = await hosting({ question_seconds: 20 });
    const ana = await join(game.code, 'Ana');
    const boris = await join(game.code, 'Boris');
    const vera = await join(game.code, 'Vera');
    expect((await refusal(t.services.live.answer(ana.token, 0, 0))).key).toBe('live_question_closed');
    await t.services.live.start(hostActor(host), game.id);
    const [first] = await questionsOf(game.id);
    const wrong = (first!.correct + 1) % 4;

    t.clock.advance(5_000);
    await t.services.live.answer(ana.token, 0, first!.correct);
    await t.services.live.answer(boris.token, 0, wrong);
    expect((await refusal(t.services.live.answer(ana.token, 0, wrong))).key).toBe('live_answered');
    expect((await refusal(t.services.live.answer(vera.token, 0, 7))).status).toBe(400);
    expect((await refusal(t.services.live.answer(vera.token, 1, 0))).status).toBe(409);

    // Exactly at its closing time the question takes no answer.
    t.clock.advance(15_000);
    expect((await refusal(t.services.live.answer(vera.token, 0, first!.correct))).key).toBe(
      'live_question_closed',
    );
    const scores = (await t.services.live.hostGame(hostActor(host), game.id)).players.map((player) => [
      player.nickname,
      player.score,
      player.streak,
    ]);
    expect(scores).toEqual([
      ['Ana', LIVE_POINTS.right + 300, 1],
      ['Boris', 0, 0],
      ['Vera', 0, 0],
    ]);
  });

  it('closes a question when its time runs out, or once everyone answered; the host goes on to the end', async () => {
    const { host, game } = await hosting({ questions: 2, question_seconds: 10, streak_bonus: true });
    const ana = await join(game.code, 'Ana');
    const boris = await join(game.code, 'Boris');
    const questions = await questionsOf(game.id);
    const actor = hostActor(host);
    await t.services.live.start(actor, game.id);

    // Nobody answers: the question closes by itself at its time, on the server's clock.
    const revealed = nextChange(game.id, (row) => row.phase === 'reveal');
    t.clock.advance(10_000);
    await revealed;
    expect((await refusal(t.services.live.start(actor, game.id))).status).toBe(409);

    await t.services.live.next(actor, game.id);
    await t.services.live.answer(ana.token, 1, questions[1]!.correct);
    const state = await t.services.live.hostGame(actor, game.id);
    expect([state.game.phase, state.game.question]).toEqual(['question', 1]);
    // The last answer closes it.
    await t.services.live.answer(boris.token, 1, questions[1]!.correct);
    expect((await t.services.live.hostGame(actor, game.id)).game.phase).toBe('reveal');

    const finished = await t.services.live.next(actor, game.id);
    expect(finished?.phase).toBe('finished');
    expect((await refusal(join(game.code, 'late'))).status).toBe(404);
  });

  it('brings a player back with their score and streak; a removed player cannot come back', async () => {
    const { host, game } = await hosting({ streak_bonus: true });
    const ana = await join(game.code, 'Ana');
    const boris = await join(game.code, 'Boris');
    const questions = await questionsOf(game.id);
    const actor = hostActor(host);
    await t.services.live.start(actor, game.id);
    await t.services.live.answer(ana.token, 0, questions[0]!.correct);

    const back = await t.services.live.resume(ana.token);
    expect(back.player).toMatchObject({ nickname: 'Ana', score: 1000, streak: 1 });

    await t.services.live.remove(actor, game.id, boris.player.id);
    expect((await refusal(t.services.live.resume(boris.token))).status).toBe(404);
    expect((await t.services.live.hostGame(actor, game.id)).players.map((player) => player.nickname)).toEqual(
      ['Ana'],
    );
    // Another host's game does not exist for this one.
    const other = await hosting();
    expect((await refusal(t.services.live.remove(actor, other.game.id, ana.player.id))).status).toBe(404);
  });
});
