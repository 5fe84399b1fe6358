/**
 * A live classroom game under load (docs/live.md): one game of 1,000 players and 20 questions, the players
 * simulated WebSocket clients in this process (the server runs in its own). Players join with the code,
 * answer each question at a random moment of its first seconds with a random choice, and a tenth of them
 * drop once at a random moment mid-game and come back with their token. The host advances after each
 * reveal. Measured: each question's arrival at every player after its `opened_at`, each answer's
 * acknowledgement, each leaderboard's arrival after the question's `closes_at`, then the results route
 * against what every player sent and had acknowledged, and the server's CPU time per player. On
 * PostgreSQL the game runs on one server process, then again on two behind a round-robin proxy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import {
  LIVE_CHOICES,
  LIVE_SOCKET_PATH,
  type LiveHostState,
  type LivePlayerState,
  type LiveResults,
  type LiveServerMessage,
} from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../src/db/client';
import { scoreAnswer } from '../src/modules/live/scoring';
import { benchTarget, openBenchDatabase, type SeedLog } from './data-set';
import { tokensFor } from './school';
import { buildServer, cpuMillisOf, type RunningServer, startServer } from './server';

/** The issue's targets, at the 99th percentile. */
export const LIVE_TARGETS = { questionMs: 250, answerMs: 100, revealMs: 500 } as const;

export type LiveOptions = {
  players: number;
  questions: number;
  questionSeconds: number;
  /** Joins a second while the lobby fills. */
  joinRate: number;
  /** The share of players who drop once and come back. */
  dropShare: number;
  /** Server processes of each run, one run each (2 and more need PostgreSQL). */
  processes: number[];
  profile: boolean;
  resultsDir: string;
  stamp: string;
};

/** Players answer this long after a question opens (uniformly), and the host shows each answer this long. */
const ANSWER_MS = { from: 500, to: 5000 } as const;
const REVEAL_PAUSE_MS = 1500;
/** A dropped player is away this long, uniformly; the drop comes within this long of its question's opening. */
const AWAY_MS = { from: 500, to: 3000 } as const;
const DROP_WITHIN_MS = 6000;

const HOST_EMAIL = 'bench-live-host@example.com';
const CATEGORY = 'Bench live quiz';
/** Cards of the quiz: as many as a game may ask (LIVE_QUESTIONS.max), each with its own answer. */
const CARDS = 30;

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The host and a category of 30 cards with different answers, unless they are there. */
const seedHost = async (handle: DatabaseHandle) => {
  let [host] = await rowsOf<{ id: number }>(handle, sql`select id from users where email = ${HOST_EMAIL}`);
  host ??= (
    await rowsOf<{ id: number }>(
      handle,
      sql`insert into users (email, first_name, last_name, is_active)
        values (${HOST_EMAIL}, 'Bench', 'Host', true) returning id`,
    )
  )[0]!;
  let [category] = await rowsOf<{ id: number }>(
    handle,
    sql`select id from categories where user_id = ${host.id} and name = ${CATEGORY}`,
  );
  if (!category) {
    category = (
      await rowsOf<{ id: number }>(
        handle,
        sql`insert into categories (user_id, name, type_of_cards) values (${host.id}, ${CATEGORY}, 'text') returning id`,
      )
    )[0]!;
    await handle.db.execute(sql`insert into cards (category_id, first_side, second_side)
      select ${category.id}, 'Question ' || k, 'Answer ' || k from generate_series(1, ${CARDS}) k`);
  }
  return { hostId: host.id, categoryId: category.id };
};

/** A seeded random source (mulberry32), so that every run draws the same choices, moments and drops. */
const randomSource = (seed: number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

export type Latency = { count: number; p50: number; p99: number; max: number };
const latencyOf = (values: number[]): Latency => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
};

type Sent = {
  choice: number;
  sentAt: number;
  /** `lost`: the socket went while it was in flight, so the player cannot know whether it counted. */
  status: 'sent' | 'acknowledged' | 'refused' | 'lost';
};

type Player = {
  nickname: string;
  id: number | null;
  token: string | null;
  socket: WebSocket | null;
  /** When the current socket's first state came (the player sees the game), null while away. */
  readyAt: number | null;
  /** The spans the player saw the game, [from, to), to tell deliveries due from those missed while away. */
  spans: [number, number][];
  joinSentAt: number;
  answers: Map<number, Sent>;
  inFlight: number | null;
  answerTimer: NodeJS.Timeout | undefined;
  timerFor: number | null;
  questionsSeen: Set<number>;
  revealsSeen: Set<number>;
  /** The points each reveal showed the player for their answer. */
  pointsShown: Map<number, number>;
  /** Each question's answer: its choice, and how long after the question's opening it goes. */
  choices: number[];
  delays: number[];
  drop: { question: number; afterMs: number; awayMs: number } | null;
  /** After a drop: the questions answered before it, and the score the first state back showed. */
  back: { sentBefore: Set<number>; score: number | null } | null;
  finalScore: number | null;
};

export type LiveRun = {
  label: string;
  processes: number;
  players: number;
  questions: number;
  questionSeconds: number;
  joinRate: number;
  join: Latency;
  question: Latency;
  answer: Latency;
  reveal: Latency;
  /** Deliveries due (the player saw the game from the moment until a second after) that never came. */
  questionsMissed: number;
  revealsMissed: number;
  /** Deliveries not measured: the player was away at the moment (they got the game's state on coming back). */
  questionsAway: number;
  revealsAway: number;
  answers: {
    sent: number;
    acknowledged: number;
    refused: Record<string, number>;
    noReply: number;
    lostInFlight: number;
    lostInFlightCounted: number;
    /** Acknowledged, yet missing from the results or with another choice. */
    lost: number;
    /** In the results though never sent, or refused. */
    extra: number;
    doubled: number;
    /** Points other than the scoring rule gives for the answer's time and choice, or than its reveal showed. */
    wrongPoints: number;
  };
  scores: {
    /** Players whose score is not the sum of their answers' points. */
    wrong: number;
    /** Players whose last state showed another score than the results. */
    shownWrong: number;
    noFinal: number;
    missingPlayers: number;
  };
  drops: { players: number; back: number; keptScore: number };
  unexpectedCloses: number;
  /** The joins, the questions, and the whole measured span (joins to the last final state). */
  seconds: { joins: number; game: number; measured: number };
  cpu: {
    /** Each server process's CPU time over the joins and over the questions, ms. */
    joinsMs: number[];
    gameMs: number[];
    proxyMs: number | null;
    generatorMs: number;
    postgresMs: number | null;
    /** The whole machine's busy CPU time: what is not ours is other work sharing the cores. */
    machineMs: number;
  };
  postgres: { commits: number; tuples: number } | null;
  loopDelay: { p99: number; max: number };
  /** The share of the measured span in which some task waited for a core, or for the disk. */
  pressure: { cpu: number; io: number } | null;
  loadBefore: number;
  loadAfter: number;
};

/** The bench's PostgreSQL database as its statistics see it: commits, tuples read, its backends' CPU time. */
const postgresProbe = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async sample() {
      const {
        rows: [totals],
      } = await client.query<{ commits: number; tuples: number }>(
        `select xact_commit::float8 as commits, (tup_returned + tup_fetched)::float8 as tuples
         from pg_stat_database where datname = current_database()`,
      );
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database()',
      );
      return { ...totals!, cpu: new Map(rows.map(({ pid }) => [pid, cpuMillisOf(pid) ?? 0])) };
    },
    close: () => client.end(),
  };
};
type PostgresSample = Awaited<ReturnType<Awaited<ReturnType<typeof postgresProbe>>['sample']>>;

/** The proxy of bench/live-proxy.ts in a process of its own; resolves with its port once it listens. */
const startProxy = async (ports: number[]) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'live-proxy.ts'), ...ports.map(String)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = await Promise.race([
    createInterface({ input: child.stdout! })
      [Symbol.asyncIterator]()
      .next()
      .then((next) => [next.value as string]),
    new Promise<never>((_, reject) => child.once('exit', () => reject(new Error('the proxy exited')))),
  ]);
  return {
    url: `http://127.0.0.1:${Number(line)}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** The CPU time all processes of the machine have used, in milliseconds (/proc/stat counts ticks of 10 ms). */
const machineCpuMillis = () => {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .split(/\s+/)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * 10;
};

/**
 * The time some task of the machine waited for a core and for the disk so far, in microseconds (Linux's
 * pressure stall information); undefined where the kernel does not keep it.
 */
const pressureMicros = () => {
  try {
    const some = (resource: string) =>
      Number(/^some .*total=(\d+)/m.exec(readFileSync(`/proc/pressure/${resource}`, 'utf8'))?.[1]);
    return { cpu: some('cpu'), io: some('io') };
  } catch {
    return undefined;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One game against a running server (or proxy) at `url`: the host's token, the category; returns the
 * figures, the CPU time of `pids` (the server processes) included.
 */
const playGame = async (
  url: string,
  options: Omit<LiveOptions, 'processes'> & {
    label: string;
    processes: number;
    categoryId: number;
    access: string;
    pids: number[];
    proxyPid: number | null;
    postgres: Awaited<ReturnType<typeof postgresProbe>> | null;
  },
  say: SeedLog,
): Promise<LiveRun> => {
  const { players: count, questions, questionSeconds } = options;
  const random = randomSource(20_261_128);
  const socketUrl = `${url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`;
  const loadBefore = os.loadavg()[0]!;

  const created = await fetch(`${url}/api/live/games/`, {
    method: 'POST',
    headers: { authorization: `JWT ${options.access}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      category: options.categoryId,
      questions,
      question_seconds: questionSeconds,
    }),
  });
  if (created.status !== 201) throw new Error(`creating the game answered ${created.status}`);
  const game = (await created.json()) as { id: number; code: string };

  const joinMs: number[] = [];
  const questionMs: number[] = [];
  const answerMs: number[] = [];
  const revealMs: number[] = [];
  const refused: Record<string, number> = {};
  let unexpectedCloses = 0;
  let over = false;
  /** Each question's opening and closing as the host was told, for the deliveries due. */
  const openedAt = new Map<number, number>();
  const closedAt = new Map<number, number>();

  // A failure seen in a socket's handler ends the run through this promise, raced with each wait.
  let fail: (error: Error) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failure.catch(() => {});
  const nicknames = Array.from({ length: count }, (_, index) => `Player ${index + 1}`);
  const players: Player[] = nicknames.map((nickname) => ({
    nickname,
    id: null,
    token: null,
    socket: null,
    readyAt: null,
    spans: [],
    joinSentAt: 0,
    answers: new Map(),
    inFlight: null,
    answerTimer: undefined,
    timerFor: null,
    questionsSeen: new Set(),
    revealsSeen: new Set(),
    pointsShown: new Map(),
    choices: Array.from({ length: questions }, () => Math.floor(random() * LIVE_CHOICES)),
    delays: Array.from(
      { length: questions },
      () => ANSWER_MS.from + random() * (ANSWER_MS.to - ANSWER_MS.from),
    ),
    drop: null,
    back: null,
    finalScore: null,
  }));
  // Players drawn at random (Fisher-Yates) drop once each, in a question of the middle of the game.
  const order = players.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  const dropping = order.slice(0, Math.round(count * options.dropShare));
  for (const index of dropping)
    players[index]!.drop = {
      question: questions > 2 ? 1 + Math.floor(random() * (questions - 2)) : 0,
      afterMs: random() * DROP_WITHIN_MS,
      awayMs: AWAY_MS.from + random() * (AWAY_MS.to - AWAY_MS.from),
    };

  const sendAnswer = (player: Player, position: number) => {
    player.timerFor = null;
    if (!player.socket || player.readyAt === null || player.answers.has(position) || player.inFlight !== null)
      return;
    const choice = player.choices[position]!;
    player.answers.set(position, { choice, sentAt: performance.now(), status: 'sent' });
    player.inFlight = position;
    player.socket.send(JSON.stringify({ type: 'answer', question: position, choice }));
  };

  /** The socket is gone: an answer in flight may or may not have counted, and the player is away. */
  const away = (player: Player) => {
    if (player.inFlight !== null) player.answers.get(player.inFlight)!.status = 'lost';
    player.inFlight = null;
    clearTimeout(player.answerTimer);
    player.timerFor = null;
    if (player.readyAt !== null) player.spans.push([player.readyAt, Date.now()]);
    player.readyAt = null;
    player.socket = null;
  };

  const onState = (player: Player, state: LivePlayerState, at: number) => {
    const readyAt = player.readyAt;
    if (readyAt === null) {
      player.readyAt = at;
      if (player.back && player.back.score === null) player.back.score = state.you.score;
    }
    const question = state.question;
    if (state.game.phase === 'question' && question) {
      const position = question.position;
      const opened = Date.parse(question.opened_at);
      if (!player.questionsSeen.has(position)) {
        player.questionsSeen.add(position);
        if (readyAt !== null && readyAt <= opened) questionMs.push(at - opened);
        const drop = player.drop;
        if (drop?.question === position && !player.back)
          setTimeout(() => dropAndComeBack(player), Math.max(0, opened + drop.afterMs - Date.now()));
      }
      // Answer at the player's moment of the question; one coming back late answers at once.
      if (!state.answer && !player.answers.has(position) && player.timerFor !== position) {
        player.timerFor = position;
        player.answerTimer = setTimeout(
          () => sendAnswer(player, position),
          Math.max(0, opened + player.delays[position]! - Date.now()),
        );
      }
    }
    if (state.game.phase === 'reveal' && question && !player.revealsSeen.has(question.position)) {
      const closes = Date.parse(question.closes_at);
      player.revealsSeen.add(question.position);
      if (readyAt !== null && readyAt <= closes) revealMs.push(at - closes);
      if (state.answer?.points !== null && state.answer?.points !== undefined)
        player.pointsShown.set(question.position, state.answer.points);
    }
    if (state.game.phase === 'finished') player.finalScore = state.you.score;
  };

  const onMessage = (player: Player, socket: WebSocket, data: WebSocket.RawData) => {
    if (socket !== player.socket) return;
    const at = Date.now();
    const message = JSON.parse(String(data)) as LiveServerMessage;
    if (message.type === 'state') return onState(player, message.state as LivePlayerState, at);
    if (message.type === 'joined') {
      player.token = message.token;
      player.id = message.player;
      joinMs.push(performance.now() - player.joinSentAt);
      return;
    }
    // A player's socket sends only answers once it is in the game, one at a time: a reply is the answer's.
    const sent = player.inFlight === null ? undefined : player.answers.get(player.inFlight);
    player.inFlight = null;
    if (message.type === 'answered' && sent) {
      sent.status = 'acknowledged';
      answerMs.push(performance.now() - sent.sentAt);
      return;
    }
    if (sent) sent.status = 'refused';
    // A refusal before the socket's first state is told apart: the socket had not been shown the game yet.
    const key = `${message.type === 'error' ? message.key : `unexpected ${message.type}`}${player.readyAt === null ? ' before a state' : ''}`;
    if (!player.token) fail(new Error(`${player.nickname} could not join: ${key}`));
    refused[key] = (refused[key] ?? 0) + 1;
  };

  const connect = (player: Player, hello: object) => {
    const socket = new WebSocket(socketUrl);
    player.socket = socket;
    socket.on('open', () => {
      player.joinSentAt = performance.now();
      socket.send(JSON.stringify(hello));
    });
    socket.on('message', (data) => onMessage(player, socket, data));
    socket.on('error', () => {}); // 'close' follows
    socket.on('close', () => {
      if (socket !== player.socket || over) return;
      // Not a drop of ours: the player comes back as the web app would.
      unexpectedCloses++;
      away(player);
      setTimeout(() => {
        if (!over && player.token) connect(player, { type: 'resume', token: player.token });
      }, 1000);
    });
  };

  const dropAndComeBack = (player: Player) => {
    if (over || !player.socket || !player.token) return;
    const socket = player.socket;
    away(player);
    player.back = { sentBefore: new Set(player.answers.keys()), score: null };
    socket.terminate();
    setTimeout(() => {
      if (!over) connect(player, { type: 'resume', token: player.token });
    }, player.drop!.awayMs);
  };

  // The host's screen: starts the game once everyone is in, goes on after each reveal.
  let hostFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    hostFinished = resolve;
  });
  const host = new WebSocket(socketUrl);
  let hostReady: () => void = () => {};
  const hostIn = new Promise<void>((resolve) => {
    hostReady = resolve;
  });
  const revealsShown = new Set<number>();
  host.on('open', () => host.send(JSON.stringify({ type: 'host', game: game.id, access: options.access })));
  host.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveServerMessage;
    if (message.type === 'error') fail(new Error(`the host's socket was refused: ${message.key}`));
    if (message.type !== 'state') return;
    hostReady();
    const state = message.state as LiveHostState;
    const question = state.question;
    if (state.game.phase === 'question' && question)
      openedAt.set(question.position, Date.parse(question.opened_at));
    if (state.game.phase === 'reveal' && question && !revealsShown.has(question.position)) {
      revealsShown.add(question.position);
      closedAt.set(question.position, Date.parse(question.closes_at));
      setTimeout(() => host.send(JSON.stringify({ type: 'next' })), REVEAL_PAUSE_MS);
    }
    if (state.game.phase === 'finished') hostFinished();
  });
  host.on('close', () => {
    if (!over) fail(new Error("the host's socket closed during the game"));
  });
  await Promise.race([hostIn, failure]);

  const serverCpu = () => options.pids.map((pid) => cpuMillisOf(pid) ?? Number.NaN);
  const generatorCpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuStart = serverCpu();
  const proxyStart = options.proxyPid ? cpuMillisOf(options.proxyPid) : undefined;
  const generatorStart = generatorCpu();
  const machineStart = machineCpuMillis();
  const pressureStart = pressureMicros();
  const postgresStart = await options.postgres?.sample();
  const joinStart = performance.now();

  say(`  ${count} players join at ${options.joinRate} a second…`);
  for (const [index, player] of players.entries())
    setTimeout(
      () => connect(player, { type: 'join', code: game.code, nickname: player.nickname }),
      (index * 1000) / options.joinRate,
    );
  const joinDeadline = Date.now() + (count / options.joinRate + 60) * 1000;
  while (players.some((player) => player.readyAt === null)) {
    if (Date.now() > joinDeadline)
      throw new Error(
        `${players.filter((player) => player.readyAt === null).length} players did not get into the game`,
      );
    await Promise.race([sleep(100), failure]);
  }
  const joinsSeconds = (performance.now() - joinStart) / 1000;
  const cpuJoined = serverCpu();
  await sleep(1000);

  say(`  ${questions} questions of ${questionSeconds} s, ${dropping.length} players dropping once…`);
  const gameStart = performance.now();
  const cpuGame = serverCpu();
  host.send(JSON.stringify({ type: 'start' }));
  const gameDeadline = (questions * (questionSeconds + REVEAL_PAUSE_MS / 1000 + 10) + 60) * 1000;
  let deadline: NodeJS.Timeout | undefined;
  await Promise.race([
    finished,
    failure,
    new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`the game did not finish within ${gameDeadline / 1000} s`)),
        gameDeadline,
      );
    }),
  ]).finally(() => clearTimeout(deadline));
  // Every player still connected gets the final state.
  const finalDeadline = Date.now() + 15_000;
  while (players.some((player) => player.socket && player.finalScore === null) && Date.now() < finalDeadline)
    await sleep(100);
  const gameSeconds = (performance.now() - gameStart) / 1000;
  const measuredSeconds = (performance.now() - joinStart) / 1000;
  const cpuEnd = serverCpu();
  const proxyEnd = options.proxyPid ? cpuMillisOf(options.proxyPid) : undefined;
  const generatorEnd = generatorCpu();
  const machineEnd = machineCpuMillis();
  const pressureEnd = pressureMicros();
  loopDelay.disable();
  // The statistics of the last second reach pg_stat_database a moment later.
  let postgresEnd: PostgresSample | undefined;
  if (options.postgres) {
    await sleep(1500);
    postgresEnd = await options.postgres.sample();
  }
  over = true;
  for (const player of players) {
    if (player.readyAt !== null) player.spans.push([player.readyAt, Date.now()]);
    clearTimeout(player.answerTimer);
    player.socket?.close();
  }
  host.close();

  const fetched = await fetch(`${url}/api/live/games/${game.id}/results/`, {
    headers: { authorization: `JWT ${options.access}` },
  });
  if (!fetched.ok) throw new Error(`the results answered ${fetched.status}`);
  const results = (await fetched.json()) as LiveResults;

  // Deliveries due: the player saw the game from the moment until a second after it.
  const due = (player: Player, moment: number | undefined) =>
    moment !== undefined && player.spans.some(([from, to]) => from <= moment && to >= moment + 1000);
  let questionsMissed = 0;
  let revealsMissed = 0;
  for (const player of players)
    for (let position = 0; position < questions; position++) {
      if (due(player, openedAt.get(position)) && !player.questionsSeen.has(position)) questionsMissed++;
      if (due(player, closedAt.get(position)) && !player.revealsSeen.has(position)) revealsMissed++;
    }

  const answers: LiveRun['answers'] = {
    sent: 0,
    acknowledged: 0,
    refused,
    noReply: 0,
    lostInFlight: 0,
    lostInFlightCounted: 0,
    lost: 0,
    extra: 0,
    doubled: 0,
    wrongPoints: 0,
  };
  const scores: LiveRun['scores'] = { wrong: 0, shownWrong: 0, noFinal: 0, missingPlayers: 0 };
  const drops: LiveRun['drops'] = { players: dropping.length, back: 0, keptScore: 0 };
  const correctOf = new Map(results.questions.map((question) => [question.position, question.correct]));
  const resultOf = new Map(results.players.map((row) => [row.id, row]));
  for (const player of players) {
    const row = player.id === null ? undefined : resultOf.get(player.id);
    if (!row) {
      scores.missingPlayers++;
      continue;
    }
    const counted = new Map<number, (typeof row.answers)[number]>();
    for (const answer of row.answers) {
      if (counted.has(answer.question)) answers.doubled++;
      counted.set(answer.question, answer);
      const right = answer.choice === correctOf.get(answer.question);
      const { points } = scoreAnswer({
        correct: right,
        openedAt: new Date(0),
        closesAt: new Date(questionSeconds * 1000),
        answeredAt: new Date(answer.time_ms),
        streak: 0,
        streakBonus: false,
      });
      const shown = player.pointsShown.get(answer.question);
      if (answer.correct !== right || answer.points !== points || (shown !== undefined && shown !== points))
        answers.wrongPoints++;
    }
    for (const [position, sent] of player.answers) {
      answers.sent++;
      const found = counted.get(position);
      if (sent.status === 'acknowledged') {
        answers.acknowledged++;
        if (found?.choice !== sent.choice) answers.lost++;
      } else if (sent.status === 'lost') {
        answers.lostInFlight++;
        if (found?.choice === sent.choice) answers.lostInFlightCounted++;
        else if (found) answers.extra++;
      } else {
        if (sent.status === 'sent') answers.noReply++;
        if (found) answers.extra++;
      }
    }
    for (const position of counted.keys()) if (!player.answers.has(position)) answers.extra++;
    const sum = row.answers.reduce((total, answer) => total + answer.points, 0);
    if (row.score !== sum) scores.wrong++;
    if (player.finalScore === null) scores.noFinal++;
    else if (player.finalScore !== row.score) scores.shownWrong++;
    if (player.back) {
      if (player.back.score !== null) drops.back++;
      const before = row.answers
        .filter((answer) => player.back!.sentBefore.has(answer.question))
        .reduce((total, answer) => total + answer.points, 0);
      if (player.back.score === before) drops.keptScore++;
    }
  }

  const postgresCpu =
    postgresStart && postgresEnd
      ? [...postgresEnd.cpu].reduce((total, [pid, ms]) => total + ms - (postgresStart.cpu.get(pid) ?? 0), 0)
      : null;
  return {
    label: options.label,
    processes: options.processes,
    players: count,
    questions,
    questionSeconds,
    joinRate: options.joinRate,
    join: latencyOf(joinMs),
    question: latencyOf(questionMs),
    answer: latencyOf(answerMs),
    reveal: latencyOf(revealMs),
    questionsMissed,
    revealsMissed,
    questionsAway: count * questions - questionMs.length - questionsMissed,
    revealsAway: count * questions - revealMs.length - revealsMissed,
    answers,
    scores,
    drops,
    unexpectedCloses,
    seconds: { joins: joinsSeconds, game: gameSeconds, measured: measuredSeconds },
    cpu: {
      joinsMs: cpuJoined.map((ms, index) => ms - cpuStart[index]!),
      gameMs: cpuEnd.map((ms, index) => ms - cpuGame[index]!),
      proxyMs: proxyStart !== undefined && proxyEnd !== undefined ? proxyEnd - proxyStart : null,
      generatorMs: generatorEnd - generatorStart,
      postgresMs: postgresCpu,
      machineMs: machineEnd - machineStart,
    },
    postgres:
      postgresStart && postgresEnd
        ? {
            commits: postgresEnd.commits - postgresStart.commits,
            tuples: postgresEnd.tuples - postgresStart.tuples,
          }
        : null,
    loopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    pressure:
      pressureStart && pressureEnd
        ? {
            cpu: (pressureEnd.cpu - pressureStart.cpu) / (measuredSeconds * 1e6),
            io: (pressureEnd.io - pressureStart.io) / (measuredSeconds * 1e6),
          }
        : null,
    loadBefore,
    loadAfter: os.loadavg()[0]!,
  };
};

/**
 * Seeds the host, builds the server, then plays one game for each count of processes in
 * `options.processes` (each on fresh processes; two and more behind the proxy, PostgreSQL only).
 */
export const runLiveBench = async (options: LiveOptions, say: SeedLog): Promise<LiveRun[]> => {
  const target = benchTarget();
  const opened = await openBenchDatabase(target);
  let seeded: Awaited<ReturnType<typeof seedHost>>;
  try {
    seeded = await seedHost(opened.handle);
  } finally {
    // The embedded database is the server's alone once it starts.
    await opened.close();
  }
  buildServer();
  const secret = randomBytes(32).toString('base64url');
  const minutes = 240;
  const access = (await tokensFor([seeded.hostId], secret, minutes)).get(seeded.hostId)!.replace(/^JWT /, '');
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const runs: LiveRun[] = [];
  for (const processes of options.processes) {
    if (processes > 1 && target.kind !== 'postgres') {
      say(`Several server processes need PostgreSQL (DATABASE_URL): the run of ${processes} is skipped.`);
      continue;
    }
    const label = `${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}, ${processes} server process${processes > 1 ? 'es' : ''}${processes > 1 ? ' behind a round-robin proxy' : ''}`;
    say(`The live game on ${label}…`);
    const servers: RunningServer[] = [];
    let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
    const postgres = target.kind === 'postgres' ? await postgresProbe(target.url) : null;
    try {
      for (let index = 0; index < processes; index++) {
        const name = `${options.stamp}-live-${processes}-server-${index + 1}`;
        servers.push(
          await startServer(
            {
              JWT_SECRET: secret,
              ACCESS_TOKEN_MINUTES: String(minutes),
              LOG_LEVEL: logLevel,
              ...(target.kind === 'pglite' ? { DATA_DIR: target.dataDir! } : {}),
            },
            path.join(options.resultsDir, `${name}.log`),
            options.profile
              ? ['--cpu-prof', `--cpu-prof-dir=${options.resultsDir}`, `--cpu-prof-name=${name}.cpuprofile`]
              : [],
          ),
        );
      }
      if (processes > 1) proxy = await startProxy(servers.map((server) => Number(new URL(server.url).port)));
      const run = await playGame(
        proxy?.url ?? servers[0]!.url,
        {
          ...options,
          label,
          processes,
          categoryId: seeded.categoryId,
          access,
          pids: servers.map((server) => server.pid),
          proxyPid: proxy?.pid ?? null,
          postgres,
        },
        say,
      );
      for (const line of liveLines(run)) say(line);
      runs.push(run);
    } finally {
      await proxy?.stop();
      for (const server of servers) await server.stop();
      await postgres?.close();
    }
  }
  return runs;
};

const verdict = (met: boolean) => (met ? 'meets' : 'MISSES');
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const figures = (latency: Latency, targetMs: number) =>
  `p50 ${ms(latency.p50)} ms, p99 ${ms(latency.p99)} ms, max ${ms(latency.max)} ms over ${latency.count.toLocaleString('en')} (${verdict(latency.p99 <= targetMs)} p99 under ${targetMs} ms)`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The report's lines of one run. */
export const liveLines = (run: LiveRun) => {
  const { answers, scores, drops, cpu } = run;
  const refusals = Object.entries(answers.refused)
    .map(([key, times]) => `${times} ${key}`)
    .join(', ');
  const exact =
    answers.lost === 0 &&
    answers.extra === 0 &&
    answers.doubled === 0 &&
    answers.noReply === 0 &&
    answers.wrongPoints === 0 &&
    scores.wrong === 0 &&
    scores.shownWrong === 0 &&
    scores.missingPlayers === 0;
  const serverMs = sum(cpu.joinsMs) + sum(cpu.gameMs);
  const others = Math.max(
    0,
    cpu.machineMs - serverMs - cpu.generatorMs - (cpu.proxyMs ?? 0) - (cpu.postgresMs ?? 0),
  );
  const who = `Live game on ${run.label} (${run.players.toLocaleString('en')} players × ${run.questions} questions of ${run.questionSeconds} s)`;
  return [
    `${who}, a question reaching every player after its opening: ${figures(run.question, LIVE_TARGETS.questionMs)}; ${run.questionsMissed} never came, ${run.questionsAway} missed while away`,
    `${who}, an answer acknowledged: ${figures(run.answer, LIVE_TARGETS.answerMs)}`,
    `${who}, the leaderboard reaching every player after the question closed: ${figures(run.reveal, LIVE_TARGETS.revealMs)}; ${run.revealsMissed} never came, ${run.revealsAway} missed while away`,
    `${who}, answers: ${answers.acknowledged.toLocaleString('en')} acknowledged of ${answers.sent.toLocaleString('en')} sent${refusals ? ` (refused: ${refusals})` : ''}, ${answers.lostInFlight} in flight when their socket dropped (${answers.lostInFlightCounted} of them counted); in the results: ${answers.lost} lost, ${answers.doubled} doubled, ${answers.extra} counted without an acknowledgement, ${answers.noReply} never answered, ${answers.wrongPoints} with wrong points; ${scores.wrong} scores not the sum of their points, ${scores.shownWrong} final states showing another score, ${scores.noFinal} players without the final state, ${scores.missingPlayers} players missing (${verdict(exact)} none lost or counted twice)`,
    `${who}, ${drops.players} players dropped once and came back: ${drops.back} back in the game, ${drops.keptScore} with their score (${verdict(drops.back === drops.players && drops.keptScore === drops.players)} every one kept their score); ${run.unexpectedCloses} sockets closed by the server, the player coming back after 1 s (${verdict(run.unexpectedCloses === 0)} no player let go)`,
    `${who}, joins at ${run.joinRate}/s: join → joined p50 ${ms(run.join.p50)} ms, p99 ${ms(run.join.p99)} ms, all in within ${run.seconds.joins.toFixed(1)} s; the questions took ${run.seconds.game.toFixed(1)} s`,
    `${who}, CPU: the server${run.processes > 1 ? 's' : ''} ${(serverMs / run.players).toFixed(1)} ms per player (${(serverMs / 1000).toFixed(1)} s: ${(sum(cpu.joinsMs) / 1000).toFixed(1)} s joining, ${(sum(cpu.gameMs) / 1000).toFixed(1)} s playing${run.processes > 1 ? `; by process ${cpu.joinsMs.map((joins, index) => ((joins + cpu.gameMs[index]!) / 1000).toFixed(1)).join(' and ')} s` : ''})` +
      (cpu.postgresMs !== null
        ? `, PostgreSQL's backends ${(cpu.postgresMs / run.players).toFixed(1)} ms per player`
        : '') +
      (cpu.proxyMs !== null ? `, the proxy ${(cpu.proxyMs / run.players).toFixed(1)} ms per player` : '') +
      `, the load generator ${(cpu.generatorMs / run.players).toFixed(1)} ms per player (its event loop delayed p99 ${ms(run.loopDelay.p99)} ms, max ${ms(run.loopDelay.max)} ms)` +
      (run.postgres
        ? `; ${(run.postgres.commits / run.players).toFixed(1)} commits and ${Math.round(run.postgres.tuples / run.players).toLocaleString('en')} tuples read per player`
        : '') +
      `; other work on the machine ${(others / 1000).toFixed(1)} s of CPU (${((100 * others) / (run.seconds.measured * 1000 * os.cpus().length)).toFixed(0)}% of its ${os.cpus().length} cores over the ${run.seconds.measured.toFixed(0)} s)${run.pressure ? `, some task waiting for a core ${(100 * run.pressure.cpu).toFixed(0)}% and for the disk ${(100 * run.pressure.io).toFixed(0)}% of the time` : ''}; load average ${run.loadBefore.toFixed(2)} before, ${run.loadAfter.toFixed(2)} after`,
  ];
};
