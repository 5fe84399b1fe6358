import type { LiveGame } from '@flashcards/contract';
import { LIVE_POINTS } from '@flashcards/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory, buildSchool, buildSchoolTest } from '../../../test/factories';
import { type Session, signIn as signInAs } from '../../../test/session';
import { liveGames, liveQuestions, testQuestions } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { draftLiveQuestions } from './live.service';

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

  it('leaves out image occlusion cards: their shared picture alone does not say what is asked', () => {
    const cards = capitals.map(([front, back], index) => ({
      id: index + 1,
      front,
      back,
      occluded: index === 0,
    }));
    const drafted = draftLiveQuestions(cards, 10, 'picture');
    expect(drafted?.map((question) => question.cardId).sort()).toEqual([2, 3, 4, 5]);
    for (const question of drafted ?? []) expect(question.choices).not.toContain('Sofia');
    expect(draftLiveQuestions(cards.slice(0, 4), 10, 'picture')).toBeNull();
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

describe('a game of a test', () => {
  it('asks its questions with one right answer, in order, true or false in the host’s language', async () => {
    const host = await signIn();
    const test = await buildSchoolTest(t.database.db, host.user.id);
    const question = (position: number, values: Partial<typeof testQuestions.$inferInsert>) => ({
      testId: test.id,
      position,
      questionText: `Question ${position}`,
      answerA: 'A',
      answerB: 'B',
      answerC: '',
      answerD: '',
      scoreValue: 1,
      ...values,
    });
    await t.database.db.insert(testQuestions).values([
      question(2, { kind: 'true_false', settings: { kind: 'true_false', correct: false } }),
      question(3, {
        kind: 'short_text',
        settings: {
          kind: 'short_text',
          accepted: ['x'],
          ignore_case: true,
          ignore_spaces: true,
          ignore_diacritics: false,
        },
      }),
      question(4, {
        answerC: 'C',
        answerD: 'D',
        kind: 'multiple',
        settings: { kind: 'multiple', correct: ['c'] },
      }),
      question(5, { answerC: 'C', kind: 'multiple', settings: { kind: 'multiple', correct: ['a', 'c'] } }),
      question(6, { answerB: ' ', answerC: 'C', correctAnswer: 'c', picture: 'tests/river.png' }),
    ]);
    const created = await host.call(
      'POST',
      '/api/live/games/',
      { test: test.id, question_seconds: 30 },
      { 'accept-language': 'bg' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const game = created.json() as LiveGame;
    expect(game).toMatchObject({ title: 'Rivers', questions_count: 4 });
    expect(
      (await questionsOf(game.id)).map((row) => [
        row.prompt,
        row.picture,
        row.choices,
        row.correct,
        row.cardId,
      ]),
    ).toEqual([
      ['Longest?', null, ['Nile', 'Danube'], 0, null],
      ['Question 2', null, ['Вярно', 'Невярно'], 1, null],
      ['Question 4', null, ['A', 'B', 'C', 'D'], 2, null],
      // A blank answer is not shown: C is the second choice.
      ['Question 6', 'tests/river.png', ['A', 'C'], 1, null],
    ]);
    const two = (
      await host.call('POST', '/api/live/games/', { test: test.id, questions: 2 })
    ).json() as LiveGame;
    expect(two.questions_count).toBe(2);

    // Only questions a game cannot ask: refused. Someone else's test: not found. Both or neither: refused.
    const typed = await buildSchoolTest(t.database.db, host.user.id);
    await t.database.db
      .update(testQuestions)
      .set({
        kind: 'short_text',
        correctAnswer: null,
        settings: {
          kind: 'short_text',
          accepted: ['x'],
          ignore_case: true,
          ignore_spaces: true,
          ignore_diacritics: false,
        },
      })
      .where(eq(testQuestions.testId, typed.id));
    const refused = await host.call('POST', '/api/live/games/', { test: typed.id });
    expect([refused.statusCode, Object.keys(refused.json())]).toEqual([400, ['test']]);
    const other = await signIn();
    expect((await other.call('POST', '/api/live/games/', { test: test.id })).statusCode).toBe(404);
    const category = await buildCategory(t.database.db, { userId: host.user.id });
    for (const body of [{}, { test: test.id, category: category.id }]) {
      const both = await host.call('POST', '/api/live/games/', body);
      expect([both.statusCode, both.json()]).toEqual([400, { category: ['Choose a category or a test.'] }]);
    }
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

describe('after the game', () => {
  it("counts a signed-in student's answers as study of the path holding the card, shown in the teacher's report", async () => {
    const school = await buildSchool(t.database.db);
    // Reports are for subscribers: the teacher is on a trial.
    const teacher = await signInAs(t, {
      schoolId: school.id,
      isTeacher: true,
      isOrganizationMember: true,
      trialEndDate: new Date(t.clock.now().getTime() + 7 * 24 * 3_600_000),
    });
    const student = await signInAs(t, { schoolId: school.id, isStudent: true, isOrganizationMember: true });
    const category = await buildCategory(t.database.db, { userId: teacher.user.id, name: 'Capitals' });
    for (const [question, answer] of capitals)
      await buildCard(t.database.db, { categoryId: category.id, firstSide: question, secondSide: answer });
    const today = t.clock.now().toISOString().slice(0, 10);
    const assigned = await teacher.call('POST', '/api/learning-paths/list-teachers/', [
      {
        name: 'Capitals',
        assigned_user: student.user.id,
        category: category.id,
        start_at: today,
        end_at: today,
      },
    ]);
    expect(assigned.statusCode, assigned.body).toBe(201);
    const pathId = (assigned.json() as { created: number[] }).created[0]!;

    const created = await teacher.call('POST', '/api/live/games/', { category: category.id, questions: 2 });
    const game = created.json() as LiveGame;
    const actor = hostActor(teacher);
    const signedIn = await join(game.code, 'Sam', student.user.id);
    const guest = await join(game.code, 'Guest');
    const [first, second] = await questionsOf(game.id);
    await t.services.live.start(actor, game.id);
    await t.services.live.answer(signedIn.token, 0, first!.correct);
    await t.services.live.answer(guest.token, 0, first!.correct);
    await t.services.live.next(actor, game.id);
    await t.services.live.answer(signedIn.token, 1, (second!.correct + 1) % 4);
    // Ended with the second question open: its answer counts too.
    await t.services.live.end(actor, game.id);

    const email = encodeURIComponent(student.user.email);
    const report = (
      await teacher.call('GET', `/api/card/reports/cards/?userEmail=${email}&learning_path_id=${pathId}`)
    ).json() as { results: { id: number; guesses_score: number; incorrect_guesses_score: number }[] };
    const scores = Object.fromEntries(
      report.results.map((card) => [card.id, [card.guesses_score, card.incorrect_guesses_score]]),
    );
    expect(scores[first!.cardId!]).toEqual([1, 0]);
    expect(scores[second!.cardId!]).toEqual([0, 1]);
    // The others were not asked; the guest's answer counts for nobody.
    expect(Object.values(scores).filter(([right, wrong]) => right! + wrong! > 0)).toHaveLength(2);
  });
});
