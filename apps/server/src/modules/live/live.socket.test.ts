import { LIVE_MESSAGE_MAX_BYTES, LIVE_POINTS, type LiveGame, type LiveResults } from '@flashcards/contract';
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../../test/build-app';
import { buildCard, buildCategory } from '../../../test/factories';
import { type LiveSocket, openLiveSocket } from '../../../test/live-socket';
import { type Session, signIn } from '../../../test/session';
import { liveQuestions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const capitals: [string, string][] = [
  ['Bulgaria', 'Sofia'],
  ['France', 'Paris'],
  ['Italy', 'Rome'],
  ['Austria', 'Vienna'],
  ['Spain', 'Madrid'],
];

const accessOf = (session: Session) => session.headers.authorization.replace(/^JWT /, '');

/** A host with a game of capitals in its lobby, and the host's screen on the socket. */
const hosting = async (options: object = {}, app = t.app) => {
  const host = await signIn(t);
  const category = await buildCategory(t.database.db, { userId: host.user.id, name: 'Capitals' });
  for (const [question, answer] of capitals)
    await buildCard(t.database.db, { categoryId: category.id, firstSide: question, secondSide: answer });
  const created = await host.call('POST', '/api/live/games/', { category: category.id, ...options });
  expect(created.statusCode, created.body).toBe(201);
  const game = created.json() as LiveGame;
  const screen = await openLiveSocket(app);
  screen.send({ type: 'host', game: game.id, access: accessOf(host) });
  expect(await screen.host()).toMatchObject({ game: { code: game.code, phase: 'lobby' }, players: [] });
  return { host, game, screen };
};

/** A player on a phone of their own: joined, with the token the phone keeps. */
const joining = async (code: string, nickname: string, access?: string, app = t.app) => {
  const phone = await openLiveSocket(app);
  phone.send({ type: 'join', code, nickname, ...(access ? { access } : {}) });
  const joined = await phone.next((message) => message.type === 'joined' || message.type === 'error');
  if (joined.type !== 'joined') throw new Error(`not joined: ${JSON.stringify(joined)}`);
  const state = await phone.player();
  return { phone, token: joined.token, id: joined.player, state };
};

const correctAnswers = async (gameId: number) =>
  (
    await t.database.db
      .select()
      .from(liveQuestions)
      .where(eq(liveQuestions.gameId, gameId))
      .orderBy(asc(liveQuestions.position))
  ).map((question) => question.correct);

const sockets: LiveSocket[] = [];
const track = <T extends { phone: LiveSocket } | LiveSocket>(value: T) => {
  sockets.push('phone' in value ? value.phone : value);
  return value;
};
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('the live socket', () => {
  it('shows players joining to the host, and each player their own view', async () => {
    const { game, screen } = await hosting({ questions: 3 });
    const ana = track(await joining(game.code, 'Ana'));
    expect(ana.state).toMatchObject({
      role: 'player',
      game: { phase: 'lobby', questions_count: 3, players: 1 },
      you: { nickname: 'Ana', score: 0, rank: 1, team: null },
      question: null,
    });
    expect((await screen.host((state) => state.players.length === 1)).players[0]).toMatchObject({
      nickname: 'Ana',
      score: 0,
    });
    const boris = track(await joining(game.code, 'Boris'));
    expect(boris.state.game.players).toBe(2);
    await ana.phone.player((state) => state.game.players === 2);

    // A nickname taken in the game, or with a word the game does not allow, is refused on the socket.
    const copy = track(await openLiveSocket(t.app));
    copy.send({ type: 'join', code: game.code, nickname: 'ana' });
    expect(await copy.error()).toMatchObject({ status: 400, key: 'live_nickname_taken' });
    copy.send({ type: 'join', code: game.code, nickname: 'Ku.rva' });
    expect(await copy.error()).toMatchObject({
      status: 400,
      key: 'live_nickname_word',
      fields: { nickname: 'live_nickname_word' },
    });
  });

  it('counts down on the server clock, closes the question at its time and refuses a late answer', async () => {
    const { host, game, screen } = await hosting({ questions: 2, question_seconds: 20 });
    const ana = track(await joining(game.code, 'Ana'));
    const boris = track(await joining(game.code, 'Boris'));
    const correct = await correctAnswers(game.id);
    const opened = t.clock.now();
    screen.send({ type: 'start' });

    const asked = await ana.phone.player((state) => state.game.phase === 'question');
    expect(asked.question).toMatchObject({
      position: 0,
      opened_at: opened.toISOString(),
      closes_at: new Date(opened.getTime() + 20_000).toISOString(),
      correct: null,
    });
    expect(asked.question?.choices).toHaveLength(4);
    expect(asked.answer).toBeNull();

    // Five seconds in, on the server's clock: 600 + 400 × 15/20.
    t.clock.advance(5_000);
    ana.phone.send({ type: 'answer', question: 0, choice: correct[0] });
    expect(await ana.phone.next()).toEqual({ type: 'answered', question: 0, choice: correct[0] });
    const counted = await screen.host((state) => state.question?.answered === 1);
    expect(counted.question?.distribution).toBeNull();
    expect(counted.question?.correct).toBeNull();
    ana.phone.send({ type: 'answer', question: 0, choice: correct[0] });
    expect(await ana.phone.error()).toMatchObject({ status: 409, key: 'live_answered' });

    // At the closing instant the question closes by itself, and an answer then is refused.
    t.clock.advance(15_000);
    const revealed = await boris.phone.player((state) => state.game.phase === 'reveal');
    expect(revealed.question?.correct).toBe(correct[0]);
    expect(revealed.answer).toBeNull();
    boris.phone.send({ type: 'answer', question: 0, choice: correct[0] });
    expect(await boris.phone.error()).toMatchObject({ status: 409, key: 'live_question_closed' });

    const anaRevealed = await ana.phone.player((state) => state.game.phase === 'reveal');
    expect(anaRevealed.answer).toEqual({
      choice: correct[0],
      correct: true,
      points: LIVE_POINTS.right + 300,
    });
    expect(anaRevealed.you).toMatchObject({ score: 900, rank: 1, streak: 1 });
    expect(
      anaRevealed.leaderboard.map((standing) => [standing.nickname, standing.score, standing.rank]),
    ).toEqual([
      ['Ana', 900, 1],
      ['Boris', 0, 2],
    ]);
    const hostRevealed = await screen.host((state) => state.game.phase === 'reveal');
    const distribution = [0, 0, 0, 0];
    distribution[correct[0]!] = 1;
    expect(hostRevealed.question?.distribution).toEqual(distribution);

    // The host's REST view agrees with the sockets.
    const read = (await host.call('GET', `/api/live/games/${game.id}/`)).json() as LiveGame;
    expect(read.phase).toBe('reveal');
  });

  it('brings a player back with the same score and streak, and a host back to where the game was', async () => {
    const { host, game, screen } = await hosting({ questions: 3, question_seconds: 30, streak_bonus: true });
    const ana = track(await joining(game.code, 'Ana'));
    const boris = track(await joining(game.code, 'Boris'));
    const correct = await correctAnswers(game.id);
    screen.send({ type: 'start' });
    await ana.phone.player((state) => state.game.phase === 'question');
    ana.phone.send({ type: 'answer', question: 0, choice: correct[0] });
    await ana.phone.next((message) => message.type === 'answered');
    boris.phone.send({ type: 'answer', question: 0, choice: (correct[0]! + 1) % 4 });
    await screen.host((state) => state.game.phase === 'reveal');
    screen.send({ type: 'next' });
    await screen.host((state) => state.game.phase === 'question' && state.game.question === 1);

    // Ana's phone locks mid-question and comes back on a new socket with her token.
    ana.phone.close();
    const back = track(await openLiveSocket(t.app));
    back.send({ type: 'resume', token: ana.token });
    const resumed = await back.player();
    expect(resumed).toMatchObject({
      game: { phase: 'question', question: 1 },
      you: { id: ana.id, nickname: 'Ana', score: 1000, streak: 1 },
      answer: null,
    });
    back.send({ type: 'answer', question: 1, choice: correct[1] });
    expect(await back.next()).toMatchObject({ type: 'answered', question: 1 });

    // The host reloads: the same game, in the same question.
    screen.close();
    const again = track(await openLiveSocket(t.app));
    again.send({ type: 'host', game: game.id, access: accessOf(host) });
    expect((await again.host()).game).toMatchObject({ phase: 'question', question: 1 });
    boris.phone.send({ type: 'answer', question: 1, choice: correct[1] });
    const revealed = await back.player((state) => state.game.phase === 'reveal');
    // A second right answer in a row at once: 1,000 and the streak's 100.
    expect(revealed.you).toMatchObject({ score: 2100, streak: 2 });

    // A token of nothing brings nothing back, and the socket is closed.
    const stranger = track(await openLiveSocket(t.app));
    stranger.send({ type: 'resume', token: 'not-a-token' });
    expect(await stranger.error()).toMatchObject({ status: 404, key: 'not_found' });
    expect(await stranger.closed).toBe(1000);
  });

  it('lets only the host run the game: a player cannot act as host, nor another account', async () => {
    const { game, screen } = await hosting();
    const ana = track(await joining(game.code, 'Ana'));
    for (const message of [
      { type: 'start' },
      { type: 'next' },
      { type: 'end' },
      { type: 'remove', player: ana.id },
    ]) {
      ana.phone.send(message);
      expect(await ana.phone.error()).toMatchObject({ status: 400, key: 'live_message' });
    }
    // A player's token is not an account's: the API does not take it.
    const withToken = await t.app.inject({
      method: 'GET',
      url: `/api/live/games/${game.id}/`,
      headers: { authorization: `JWT ${ana.token}` },
    });
    expect(withToken.statusCode).toBe(401);

    const other = await signIn(t);
    const intruder = track(await openLiveSocket(t.app));
    intruder.send({ type: 'host', game: game.id, access: accessOf(other) });
    expect(await intruder.error()).toMatchObject({ status: 404, key: 'not_found' });
    expect(await intruder.closed).toBe(1000);

    const nobody = track(await openLiveSocket(t.app));
    nobody.send({ type: 'host', game: game.id, access: 'forged' });
    expect(await nobody.error()).toMatchObject({ status: 401, key: 'not_authenticated' });

    // The game did not move: it starts when its host says so.
    screen.send({ type: 'start' });
    expect((await ana.phone.player((state) => state.game.phase === 'question')).question?.position).toBe(0);
  });

  it('removes a player: their phone is told and let go, and their token brings nothing back', async () => {
    const { game, screen } = await hosting();
    const ana = track(await joining(game.code, 'Ana'));
    const boris = track(await joining(game.code, 'Boris'));
    screen.send({ type: 'remove', player: boris.id });
    expect(await boris.phone.error()).toMatchObject({ status: 404, key: 'live_removed' });
    expect(await boris.phone.closed).toBe(1000);
    expect((await screen.host((state) => state.players.length === 1)).players[0]?.nickname).toBe('Ana');
    expect((await ana.phone.player((state) => state.game.players === 1)).you.rank).toBe(1);
    const back = track(await openLiveSocket(t.app));
    back.send({ type: 'resume', token: boris.token });
    expect(await back.error()).toMatchObject({ status: 404, key: 'not_found' });
  });

  it('shows team scores as their members’ mean', async () => {
    const { game, screen } = await hosting({ teams: 2, question_seconds: 20 });
    const players = [];
    for (const nickname of ['Ana', 'Boris', 'Vera']) players.push(track(await joining(game.code, nickname)));
    const correct = await correctAnswers(game.id);
    screen.send({ type: 'start' });
    for (const player of players) await player.phone.player((state) => state.game.phase === 'question');
    for (const player of players) {
      player.phone.send({ type: 'answer', question: 0, choice: correct[0] });
      await player.phone.next((message) => message.type === 'answered');
    }
    const revealed = await screen.host((state) => state.game.phase === 'reveal');
    // Everyone answered at once: 1,000 each, so both teams' means are 1,000 whatever their sizes.
    expect(revealed.teams.map((team) => [team.score, team.rank])).toEqual([
      [1000, 1],
      [1000, 1],
    ]);
    expect(revealed.teams.map((team) => team.members).sort()).toEqual([1, 2]);
    const phone = await players[0]!.phone.player((state) => state.game.phase === 'reveal');
    expect(phone.teams).toEqual(revealed.teams);
  });

  it('refuses what it does not understand, and closes a socket that guesses codes', async () => {
    const socket = track(await openLiveSocket(t.app));
    socket.send('not json');
    expect(await socket.error()).toMatchObject({ status: 400, key: 'live_message' });
    socket.send({ type: 'answer', question: 0, choice: 0 });
    expect(await socket.error()).toMatchObject({ status: 400, key: 'live_message' });
    for (let index = 0; index < 10; index++) {
      socket.send({ type: 'join', code: '000000', nickname: 'Guess' });
      expect(await socket.error()).toMatchObject({ status: 404, key: 'not_found' });
    }
    socket.send({ type: 'join', code: '000000', nickname: 'Guess' });
    expect(await socket.error()).toMatchObject({ status: 429, key: 'live_too_many_tries' });
    expect(await socket.closed).toBe(1000);

    const big = track(await openLiveSocket(t.app));
    big.send({ type: 'join', code: '000000', nickname: 'x'.repeat(LIVE_MESSAGE_MAX_BYTES) });
    // 1009: the message is too big.
    expect(await big.closed).toBe(1009);
  });

  it('keeps a signed-in player’s account, lists the game and gives its results as a formula-safe CSV', async () => {
    const { host, game, screen } = await hosting({ questions: 2, question_seconds: 10 });
    const learner = await signIn(t);
    const ana = track(await joining(game.code, 'Ana', accessOf(learner)));
    const evil = track(await joining(game.code, '=HYPERLINK("x")'));
    const correct = await correctAnswers(game.id);
    screen.send({ type: 'start' });
    await ana.phone.player((state) => state.game.phase === 'question');
    t.clock.advance(2_500);
    ana.phone.send({ type: 'answer', question: 0, choice: correct[0] });
    await ana.phone.next((message) => message.type === 'answered');
    t.clock.advance(7_500);
    await screen.host((state) => state.game.phase === 'reveal');
    screen.send({ type: 'next' });
    await evil.phone.player((state) => state.game.phase === 'question' && state.game.question === 1);
    evil.phone.send({ type: 'answer', question: 1, choice: (correct[1]! + 1) % 4 });
    await evil.phone.next((message) => message.type === 'answered');
    await screen.host((state) => state.game.question === 1 && state.question?.answered === 1);
    // The host closes the question early, then ends the game after its answer.
    screen.send({ type: 'next' });
    await screen.host((state) => state.game.phase === 'reveal' && state.game.question === 1);
    screen.send({ type: 'next' });
    expect((await evil.phone.player((state) => state.game.phase === 'finished')).leaderboard).toHaveLength(2);

    const results = (await host.call('GET', `/api/live/games/${game.id}/results/`)).json() as LiveResults;
    expect(
      results.players.map((player) => [player.nickname, player.score, player.rank, player.signed_in]),
    ).toEqual([
      ['Ana', 900, 1, true],
      ['=HYPERLINK("x")', 0, 2, false],
    ]);
    expect(results.players[0]!.answers).toEqual([
      { question: 0, choice: correct[0], correct: true, points: 900, time_ms: 2500 },
    ]);
    expect(results.questions.map((question) => question.distribution?.reduce((a, b) => a + b))).toEqual([
      1, 1,
    ]);

    const csv = await host.call('GET', `/api/live/games/${game.id}/results/export/`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(csv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      rank: '1',
      nickname: 'Ana',
      score: '900',
      question: '1',
      correct: 'yes',
      points: '900',
      seconds: '2.5',
    });
    expect(rows[1]).toMatchObject({ nickname: 'Ana', question: '2', answer: '', correct: '' });
    expect(rows[3]).toMatchObject({
      nickname: `'=HYPERLINK("x")`,
      question: '2',
      correct: 'no',
      points: '0',
    });

    const listed = (await host.call('GET', '/api/live/games/')).json() as {
      id: number;
      players: number;
      phase: string;
    }[];
    expect(listed[0]).toMatchObject({ id: game.id, players: 2, phase: 'finished' });
    // Someone else's game's results do not exist for them.
    expect((await learner.call('GET', `/api/live/games/${game.id}/results/`)).statusCode).toBe(404);
    expect((await learner.call('GET', `/api/live/games/${game.id}/results/export/`)).statusCode).toBe(404);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes', () => {
  it('never takes a player who joined while a push was being read for one removed', async () => {
    const { game, screen } = await hosting({ question_seconds: 60 });
    const ana = track(await joining(game.code, 'Ana'));
    screen.send({ type: 'start' });
    await ana.phone.player((state) => state.game.phase === 'question');

    // Another connection holds the answers' table: a push reads the game and its players, then waits there.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table live_answers in access exclusive mode');
      const boris = track(await openLiveSocket(t.app));
      boris.send({ type: 'join', code: game.code, nickname: 'Boris' });
      await boris.next((message) => message.type === 'joined');
      // The push of Boris's joining has read the players and waits for the answers.
      await expect
        .poll(
          async () => {
            // Inside a transaction the activity is read once and kept: read it anew each time.
            await holder.query('select pg_stat_clear_snapshot()');
            const { rows } = await holder.query(
              "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%live_answers%'",
            );
            return rows[0].waiting as number;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(2);
      // Vera joins meanwhile: the push under way holds no Vera, and must not tell her she was removed.
      const vera = track(await openLiveSocket(t.app));
      vera.send({ type: 'join', code: game.code, nickname: 'Vera' });
      await vera.next((message) => message.type === 'joined');
      await holder.query('commit');
      const first = await vera.next();
      expect(first).toMatchObject({ type: 'state', state: { role: 'player', you: { nickname: 'Vera' } } });
    } finally {
      await holder.end();
    }
  });

  it('reads its games anew when its listening connection comes back after losing the database', async () => {
    const { game, screen } = await hosting();
    // The database ends the connection that listens for changes, as a restart or a network cut would.
    const ended =
      await t.database.db.execute(sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
      where datname = current_database() and query = 'listen live_games'`);
    expect((ended as unknown as { rows: { ended: boolean }[] }).rows).toEqual([{ ended: true }]);
    // A change made while nobody listens: its announcement is lost, but the reconnection reads the game.
    await t.services.live.join({ code: game.code, nickname: 'Ana', userId: null });
    expect((await screen.host((state) => state.players.length === 1)).players[0]?.nickname).toBe('Ana');
  });

  it('share one game: the host on one, players on both, every change reaching every screen', async () => {
    const second = await buildSecondApp(t);
    try {
      const { game, screen } = await hosting({ questions: 2, question_seconds: 20 });
      const ana = track(await joining(game.code, 'Ana', undefined, t.app));
      const boris = track(await joining(game.code, 'Boris', undefined, second.app));
      // Boris joined through the other process: the host's process heard of it through the database.
      await screen.host((state) => state.players.length === 2);
      await ana.phone.player((state) => state.game.players === 2);
      const correct = await correctAnswers(game.id);
      screen.send({ type: 'start' });
      await boris.phone.player((state) => state.game.phase === 'question');
      boris.phone.send({ type: 'answer', question: 0, choice: correct[0] });
      await boris.phone.next((message) => message.type === 'answered');
      await screen.host((state) => state.question?.answered === 1);
      ana.phone.send({ type: 'answer', question: 0, choice: correct[0] });
      // Ana's answer, the last, closed the question in the first process; Boris sees it in the second.
      const revealed = await boris.phone.player((state) => state.game.phase === 'reveal');
      expect(revealed.leaderboard.map((standing) => standing.score)).toEqual([1000, 1000]);
      // A player who comes back through the other process is the same player.
      boris.phone.close();
      const back = track(await openLiveSocket(t.app));
      back.send({ type: 'resume', token: boris.token });
      expect((await back.player()).you).toMatchObject({ id: boris.id, score: 1000 });
    } finally {
      await second.close();
    }
  });
});
