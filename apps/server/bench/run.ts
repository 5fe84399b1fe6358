/**
 * The practice benchmark: the practice loop (a deck of 20, then an answer per card) and the health route
 * under load, at full speed and at a fixed rate; then the loop from many connections over a few learners
 * (`crowd`: several connections answer as one learner at once), at full speed and at fixed rates, beside
 * the loop's statements sent straight to PostgreSQL (`postgres`). Without --url it seeds the data set if
 * needed and starts the built server on the database of DATABASE_URL, or the embedded one under DATA_DIR.
 *   npm run bench [-- --duration 15 --connections 40 --rate 500 --url http://host:port --users 200]
 *   npm run bench -- --loads crowd,postgres --learners 40 --crowd-connections 50 --crowd-rates 500,1000
 * --profile writes a CPU profile of the server it starts (results/*.cpuprofile, for Chrome's DevTools).
 * `--loads catalog` seeds the catalog (100,000 approved categories, 2,000,000 cards) and measures its
 * searches and filtered pages at --catalog-rate (200) req/s, reported beside the practice figures.
 * `--loads school` seeds a school (1,000 students with 30 learning paths each) and measures the teacher's
 * paths page, a student's report page and a path answer at --school-rate (100) req/s; with `answer` in
 * the loads, the practice answer is measured in the same run for comparison.
 * `--loads exams` (PostgreSQL only) gives a 20-question test of every kind of question to 5,000 students
 * of a school as one sitting: they start it at --exam-start-rate (300) req/s, all sent within 17 s, save every
 * answer at --exam-answer-rate (500) req/s while 5 screens of the teacher refresh the sitting's live view
 * every 2 s (--exam-screens, 0 for none), and the run waits for the server to complete every exam at its
 * end.
 * `--loads gradebook` seeds a class of 30 students with 40 exams each and asks for its gradebook as its
 * class teacher at --gradebook-rate (20) req/s.
 * `--loads memory-fit` seeds 1,000 learners of 5,000 answers each and times the weekly fit of their own
 * FSRS parameters, the job and every learner's fit in turn, as one worker (alone, it runs nothing else).
 * `--loads guardians` seeds a school of 1,500 students in 60 classes with guardians, practice, paths and
 * exams and times the weekly job that prepares the guardians' summaries (alone, it runs nothing else).
 * `--loads import` imports an Anki package of 30,000 notes with 2,000 pictures into a text and a picture
 * category, timing each with the server's memory, then measures the practice answer at --import-rate (200)
 * req/s alone and while the picture import runs again.
 * `--loads home` seeds a school of 1,500 students in 60 classes, each with paths running today, an exam ahead,
 * a result and an offered category, and measures a random student's home at --home-rate (200) req/s.
 * `--loads offline` syncs 500 answers given offline over three days in one call, for 5 fresh learners in
 * turn (target: under 5 s each).
 * `--loads live` plays a live game of --live-players (1,000) simulated WebSocket players and --live-questions
 * (20) questions of --live-seconds (10) s, joining at --live-join-rate (100) a second, a tenth of them
 * dropping once and coming back: each question's and leaderboard's arrival, each answer's acknowledgement,
 * the results against what the players sent, the server's CPU per player. On PostgreSQL it plays on one
 * server process, then on two behind a round-robin proxy (--live-processes, default 1,2; 1 on PGlite).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ImportResult, importLines, importPackage, runImport } from './card-import';
import { browsePaths, defaultCatalogShape, searchPaths, seedCatalog } from './catalog';
import {
  benchTarget,
  dataSetSize,
  decksOfDataSet,
  openBenchDatabase,
  resetLearners,
  seedDataSet,
} from './data-set';
import { type DirectResult, runDirectPhase } from './direct';
import {
  EXAM_SHAPE,
  type ExamDataSet,
  type ExamRun,
  examLines,
  runExamPhases,
  seedExamSchool,
} from './exams';
import { GRADEBOOK_P99_MS, type GradebookDataSet, runGradebookPhase, seedGradebook } from './gradebook';
import { guardianLines, runGuardiansBench } from './guardians';
import { HOME_P99_MS, HOME_SHAPE, type HomeDataSet, runHomePhase, seedHomeSchool } from './home';
import { liveLines, runLiveBench } from './live';
import { type Load, type Pacing, type PhaseResult, type Practice, runPhase, Workload } from './load';
import { memoryFitLines, runMemoryFitBench } from './memory-fit';
import { offlineSyncLines, runOfflineSyncBench } from './offline-sync';
import { type CatalogRun, markdownReport, type Run, textReport } from './report';
import { runSchoolPhases, SCHOOL_SHAPE, type SchoolDataSet, type SchoolPhase, seedSchool } from './school';
import { buildServer, cpuMillisOf, type RunningServer, startServer, startWorker } from './server';
import { mintedPractices, signedInPractices } from './sessions';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    users: { type: 'string', default: '200' },
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '40' },
    rate: { type: 'string', default: '500' },
    'rate-connections': { type: 'string', default: '10' },
    loads: { type: 'string', default: 'health,deck,answer,loop,crowd,postgres' },
    learners: { type: 'string', default: '40' },
    'crowd-connections': { type: 'string', default: '50' },
    'crowd-rates': { type: 'string', default: '500,1000' },
    'catalog-rate': { type: 'string', default: '200' },
    'school-rate': { type: 'string', default: '100' },
    'home-rate': { type: 'string', default: '200' },
    'exam-start-rate': { type: 'string', default: '300' },
    'exam-answer-rate': { type: 'string', default: '500' },
    'exam-screens': { type: 'string', default: String(EXAM_SHAPE.screens) },
    'gradebook-rate': { type: 'string', default: '20' },
    'import-rate': { type: 'string', default: '200' },
    'live-players': { type: 'string', default: '1000' },
    'live-questions': { type: 'string', default: '20' },
    'live-seconds': { type: 'string', default: '10' },
    'live-join-rate': { type: 'string', default: '100' },
    'live-processes': { type: 'string' },
    'skip-seed': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});

const positive = (name: string, value: string | undefined) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
};
const seconds = positive('duration', values.duration);
const warmup = positive('warmup', values.warmup);
const connections = positive('connections', values.connections);
const rate = positive('rate', values.rate);
const rateConnections = positive('rate-connections', values['rate-connections']);
const allLoads: Load[] = ['health', 'deck', 'answer', 'loop'];
const scenarios = [
  'crowd',
  'postgres',
  'catalog',
  'school',
  'exams',
  'gradebook',
  'guardians',
  'home',
  'memory-fit',
  'offline',
  'import',
  'live',
];
const loads = values.loads.split(',').map((name) => name.trim());
for (const load of loads)
  if (!allLoads.includes(load as Load) && !scenarios.includes(load))
    throw new Error(`--loads takes a list of ${[...allLoads, ...scenarios].join(', ')}`);
const learners = positive('learners', values.learners);
const crowdConnections = positive('crowd-connections', values['crowd-connections']);
const crowdRates = values['crowd-rates'].split(',').map((rate) => positive('crowd-rates', rate.trim()));
const withCrowd = loads.includes('crowd');
const withDirect = loads.includes('postgres');
const withCatalog = loads.includes('catalog');
const catalogRate = positive('catalog-rate', values['catalog-rate']);
const withSchool = loads.includes('school');
const schoolRate = positive('school-rate', values['school-rate']);
/** The school's P99 target of its pages (issue: under 100 ms on PostgreSQL). */
const SCHOOL_PAGE_P99_MS = 100;
let school: { data: SchoolDataSet; secret: string; minutes: number } | undefined;
const withHome = loads.includes('home');
const homeRate = positive('home-rate', values['home-rate']);
let homeData: HomeDataSet | undefined;
let homePhase: SchoolPhase | undefined;
const withExams = loads.includes('exams');
const examStartRate = positive('exam-start-rate', values['exam-start-rate']);
const examAnswerRate = positive('exam-answer-rate', values['exam-answer-rate']);
// 0: no screen on the live view, to see what it costs the starts and answers.
const examScreens = values['exam-screens'] === '0' ? 0 : positive('exam-screens', values['exam-screens']);
let examData: ExamDataSet | undefined;
let examRun: ExamRun | undefined;
let examAuth: { secret: string; minutes: number } | undefined;
const withGradebook = loads.includes('gradebook');
const gradebookRate = positive('gradebook-rate', values['gradebook-rate']);
let gradebookData: GradebookDataSet | undefined;
let gradebookPhase: SchoolPhase | undefined;

const say = (line: string) => process.stdout.write(`${line}\n`);
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

if (loads.includes('guardians')) {
  const lines = guardianLines(await runGuardiansBench(say));
  for (const line of lines) say(line);
  writeFileSync(path.join(resultsDir, `${stamp}-guardians.md`), `${lines.join('\n')}\n`);
  if (loads.length === 1) process.exit(0);
}

if (loads.includes('memory-fit')) {
  const lines = memoryFitLines(await runMemoryFitBench(say));
  for (const line of lines) say(line);
  writeFileSync(path.join(resultsDir, `${stamp}-memory-fit.md`), `${lines.join('\n')}\n`);
  if (loads.length === 1) process.exit(0);
}

if (loads.includes('offline')) {
  const lines = offlineSyncLines(await runOfflineSyncBench(say), benchTarget().label);
  for (const line of lines) say(line);
  writeFileSync(path.join(resultsDir, `${stamp}-offline.md`), `${lines.join('\n')}\n`);
  if (loads.length === 1) process.exit(0);
}

if (loads.includes('live')) {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines = [
    `Machine: ${os.cpus().length} cores (${cpu}), Node ${process.version}; load generator, server and database on the same machine`,
  ];
  const runs = await runLiveBench(
    {
      players: positive('live-players', values['live-players']),
      questions: positive('live-questions', values['live-questions']),
      questionSeconds: positive('live-seconds', values['live-seconds']),
      joinRate: positive('live-join-rate', values['live-join-rate']),
      dropShare: 0.1,
      processes: (values['live-processes'] ?? (process.env.DATABASE_URL ? '1,2' : '1'))
        .split(',')
        .map((count) => positive('live-processes', count.trim())),
      profile: values.profile,
      resultsDir,
      stamp,
    },
    say,
  );
  for (const run of runs) lines.push(...liveLines(run));
  writeFileSync(path.join(resultsDir, `${stamp}-live.md`), `${lines.join('\n')}\n`);
  say(`Results written to ${path.relative(process.cwd(), resultsDir)}/${stamp}-live.md`);
  if (loads.length === 1) process.exit(0);
}

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
// Anything else running on the machine takes from the same cores: the figures are only as good as the quiet.
const [loadBefore] = os.loadavg();
const context = [
  `Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}; load generator, server and database on the same machine (load average ${loadBefore!.toFixed(2)} before the run)`,
];
if (loadBefore! > 0.5 * os.cpus().length)
  say(
    `The machine is busy (load average ${loadBefore!.toFixed(2)}): the figures will be lower than on a quiet one.`,
  );

let server: RunningServer | undefined;
/** The job worker of the import load on PostgreSQL (its jobs run at the worker's lower priority). */
let worker: RunningServer | undefined;
const withImportWorker = loads.includes('import') && !values.url && Boolean(process.env.DATABASE_URL);
let practices: Practice[];
let title: string;
const target = values.url && !process.env.DATABASE_URL ? undefined : benchTarget();
/**
 * The crowd's learners: the first seeded users. Their decks are put back as seeded before each crowd phase
 * (when the bench can reach the database), so every phase practises the same cards.
 */
const crowdOf = <T extends { userId: number }>(all: T[]) => {
  const ids = [...new Set(all.map((practice) => practice.userId))].sort((a, b) => a - b).slice(0, learners);
  const chosen = new Set(ids);
  return { ids, practices: all.filter((practice) => chosen.has(practice.userId)) };
};
// The database stays open beside a server on PostgreSQL for those resets and the direct phase.
let database: Awaited<ReturnType<typeof openBenchDatabase>> | undefined;
const describe = (result: { total: { rps: number; p99: number; failed: number }; errors: number }) =>
  `${result.total.rps.toFixed(0)} req/s, p99 ${result.total.p99.toFixed(2)} ms` +
  (result.total.failed || result.errors ? `, ${result.total.failed + result.errors} failed` : '');
let direct: DirectResult | undefined;
/**
 * The crowd's statements straight to PostgreSQL. It runs before the server starts, so that the server's
 * pool and these connections need not fit under max_connections together.
 */
const runDirect = async (all: Practice[]) => {
  if (!withDirect) return;
  if (!database) {
    say('The direct PostgreSQL phase needs the PostgreSQL database of DATABASE_URL: skipped.');
    return;
  }
  await resetLearners(database.handle, crowdOf(all).ids);
  say(
    `The loop's statements straight to PostgreSQL (${crowdConnections} connections, ${learners} learners)…`,
  );
  direct = await runDirectPhase(
    database.handle.db,
    database.handle.url!,
    new Workload(crowdOf(all).practices),
    {
      connections: crowdConnections,
      seconds,
      threshold: Number(process.env.LEARNED_THRESHOLD ?? 10),
    },
  );
  direct.loadAverage = os.loadavg()[0];
  say(`  full speed: ${describe(direct)}`);
};

if (values.url) {
  const url = values.url.replace(/\/$/, '');
  title = `Practice benchmark against ${url}`;
  const users = positive('users', values.users);
  say(`Signing in ${users} seeded users at ${url}…`);
  practices = await signedInPractices(url, users);
  context.push(`Data set: ${users} signed-in users, ${practices.length} decks`);
  server = { url, pid: 0, stop: async () => {} };
  if (target?.kind === 'postgres') database = await openBenchDatabase(target);
  await runDirect(practices);
} else {
  const local = target!;
  title = `Practice benchmark on ${local.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`;
  const opened = await openBenchDatabase(local);
  let size: Awaited<ReturnType<typeof dataSetSize>>;
  let decks: Awaited<ReturnType<typeof decksOfDataSet>>;
  try {
    if (!values['skip-seed']) await seedDataSet(opened.handle, { log: say });
    if (withCatalog && !values['skip-seed']) await seedCatalog(opened.handle, { log: say });
    if (withSchool) school = { data: await seedSchool(opened.handle, say), secret: '', minutes: 0 };
    if (withHome) homeData = await seedHomeSchool(opened.handle, say);
    if (withExams && local.kind === 'postgres') examData = await seedExamSchool(opened.handle, say);
    if (withGradebook) gradebookData = await seedGradebook(opened.handle, say);
    size = await dataSetSize(opened.handle);
    decks = await decksOfDataSet(opened.handle);
    if (withCrowd) await resetLearners(opened.handle, crowdOf(decks).ids);
  } finally {
    // The embedded database is the server's alone once it starts.
    if (local.kind === 'postgres') database = opened;
    else await opened.close();
  }
  context.push(
    `Data set: ${size.users.toLocaleString('en')} users, ${size.categories.toLocaleString('en')} categories, ${size.cards.toLocaleString('en')} cards; every seeded user practises (premium: trial)`,
  );
  buildServer();
  const secret = randomBytes(32).toString('base64url');
  const minutes = 240;
  practices = await mintedPractices(decks, secret, minutes);
  if (school) Object.assign(school, { secret, minutes });
  examAuth = { secret, minutes };
  await runDirect(practices);
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const logFile = path.join(resultsDir, `${stamp}-server.log`);
  say(`Starting the server on ${local.label}…`);
  server = await startServer(
    {
      JWT_SECRET: secret,
      ACCESS_TOKEN_MINUTES: String(minutes),
      LOG_LEVEL: logLevel,
      ...(local.kind === 'pglite' ? { DATA_DIR: local.dataDir! } : {}),
      // The import runs where production runs jobs on PostgreSQL: in a worker beside the server.
      ...(withImportWorker ? { RUN_JOBS: 'false' } : {}),
    },
    logFile,
    values.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${resultsDir}`, `--cpu-prof-name=${stamp}-server.cpuprofile`]
      : [],
  );
  if (withImportWorker) {
    say('Starting a job worker…');
    worker = await startWorker(
      { JWT_SECRET: secret, LOG_LEVEL: logLevel },
      path.join(resultsDir, `${stamp}-worker.log`),
    );
  }
  context.push(
    `Server: dist/main.js, NODE_ENV=production, LOG_LEVEL=${logLevel} (log written to a file)` +
      (local.kind === 'postgres' ? `, DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE ?? 10}` : ''),
  );
}

const workload = new Workload(practices);
const crowd = crowdOf(practices);
const crowdWorkload = new Workload(crowd.practices);
const phase = async (
  load: Load,
  options: {
    rate?: number;
    seconds?: number;
    quiet?: boolean;
    crowd?: boolean;
    pacing?: Pacing;
    paths?: string[];
  } = {},
) => {
  const cpuBefore = server!.pid ? cpuMillisOf(server!.pid) : undefined;
  const result = await runPhase(server!.url, options.crowd ? crowdWorkload : workload, {
    load,
    connections: options.crowd ? crowdConnections : options.rate ? rateConnections : connections,
    seconds: options.seconds ?? seconds,
    rate: options.rate,
    pacing: options.pacing,
    paths: options.paths,
  });
  result.loadAverage = os.loadavg()[0];
  const cpuAfter = server!.pid ? cpuMillisOf(server!.pid) : undefined;
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.total.count > 0)
    result.serverCpuMicros = ((cpuAfter - cpuBefore) * 1000) / result.total.count;
  if (!options.quiet)
    say(
      `  ${(options.crowd ? 'crowd' : load).padEnd(6)} ${options.rate ? `at ${options.rate} req/s${options.pacing === 'burst' ? ' in bursts' : ''}` : 'full speed'}: ${describe(result)}`,
    );
  return result;
};
/** The crowd's decks as seeded again, so that no phase finds them emptied by the one before. */
const resetCrowd = async () => {
  if (database) await resetLearners(database.handle, crowd.ids);
};

if (withCrowd && !database && target?.kind !== 'pglite')
  say('Without DATABASE_URL the crowd decks are not reset between phases: they empty as cards are learned.');

let catalogRun: CatalogRun | undefined;
let schoolPhases: SchoolPhase[] = [];
const max: PhaseResult[] = [];
const fixed: PhaseResult[] = [];
const crowdRun: NonNullable<Run['crowd']> = {
  learners: crowd.ids.length,
  connections: crowdConnections,
  rates: crowdRates,
  fixed: [],
  ...(direct ? { direct } : {}),
};
try {
  say(`Warming up (${warmup} s)…`);
  await phase('loop', { seconds: warmup, quiet: true });
  say('Measuring…');
  // The crowd at full speed first, next in time to the direct phase it is compared with.
  if (withCrowd) {
    await resetCrowd();
    crowdRun.max = await phase('loop', { crowd: true });
  }
  const chosen = allLoads.filter((load) => loads.includes(load));
  for (const load of chosen) max.push(await phase(load));
  for (const load of chosen) fixed.push(await phase(load, { rate }));
  if (withCatalog) {
    catalogRun = {
      rate: catalogRate,
      connections: rateConnections,
      dataSet: `${defaultCatalogShape.categories.toLocaleString('en')} approved categories, ${(defaultCatalogShape.categories * defaultCatalogShape.cardsPerCategory).toLocaleString('en')} cards`,
      phases: [],
    };
    for (const [load, paths] of [
      ['search', searchPaths()],
      ['browse', browsePaths()],
    ] as const) {
      // A few seconds to fill the caches, then the measured run.
      await phase(load, {
        rate: catalogRate,
        seconds: Math.min(warmup, seconds),
        quiet: true,
        paths: [...paths],
      });
      catalogRun.phases.push(await phase(load, { rate: catalogRate, paths: [...paths] }));
    }
  }
  if (withSchool && !school) say('The school load needs the server this run starts (no --url): skipped.');
  if (school) {
    say(`The school at ${schoolRate} req/s…`);
    schoolPhases = await runSchoolPhases(server!.url, school.data, {
      secret: school.secret,
      minutes: school.minutes,
      rate: schoolRate,
      seconds,
      warmup,
    });
    for (const result of schoolPhases)
      say(
        `  ${result.name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.count} requests, ${result.failed} failed`,
      );
  }
  if (withHome && !(homeData && examAuth))
    say('The homes need the server this run starts (no --url): skipped.');
  if (homeData && examAuth) {
    say(`${HOME_SHAPE.students.toLocaleString('en')} students' homes at ${homeRate} req/s…`);
    homePhase = await runHomePhase(server!.url, homeData, { ...examAuth, rate: homeRate, seconds, warmup });
    say(
      `  ${homePhase.name}: p50 ${homePhase.p50} ms, p99 ${homePhase.p99} ms, ${homePhase.count} requests, ${homePhase.failed} failed`,
    );
  }
  if (withExams && !(examData && database && examAuth))
    say('The exam morning needs PostgreSQL (DATABASE_URL) and the server this run starts: skipped.');
  if (examData && database && examAuth) {
    say(
      `The exam morning: ${examData.studentIds.length} students start at ${examStartRate} req/s, answer at ${examAnswerRate} req/s, ${examScreens} screens watch it live…`,
    );
    examRun = await runExamPhases(
      server!.url,
      database.handle,
      examData,
      { ...examAuth, startRate: examStartRate, answerRate: examAnswerRate, screens: examScreens },
      say,
    );
    for (const result of examRun.phases)
      say(
        `  ${result.name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.count} requests, ${result.failed} failed`,
      );
    say(
      `  ${examRun.answersSaved} of ${examRun.answersAccepted} accepted answers saved (${examRun.answersDistinct} distinct); ${examRun.completed} of ${examRun.started} started exams completed by the server ${examRun.completionSeconds.toFixed(1)} s after the end`,
    );
  }
  if (withGradebook && !(gradebookData && examAuth))
    say('The gradebook load needs the server this run starts (no --url): skipped.');
  if (gradebookData && examAuth) {
    say(`The class gradebook at ${gradebookRate} req/s…`);
    gradebookPhase = await runGradebookPhase(server!.url, gradebookData, {
      ...examAuth,
      rate: gradebookRate,
      seconds,
      warmup,
    });
    say(
      `  ${gradebookPhase.name}: p50 ${gradebookPhase.p50} ms, p99 ${gradebookPhase.p99} ms, ${gradebookPhase.count} requests, ${gradebookPhase.failed} failed`,
    );
  }
  if (loads.includes('import')) {
    const data = await importPackage(resultsDir, say);
    const learner = practices[0]!;
    const imports: ImportResult[] = [];
    for (const kind of ['text', 'picture'] as const) {
      say(`Importing the package into a ${kind} category…`);
      const result = await runImport(server!.url, (worker ?? server!).pid, learner, kind, data);
      say(
        `  ${result.seconds.toFixed(1)} s, ${result.created} cards, ${result.skipped} notes left out, server memory up to ${result.memoryPeakMb.toFixed(0)} MB`,
      );
      imports.push(result);
    }
    const importRate = positive('import-rate', values['import-rate']);
    const duringSeconds = Math.max(5, Math.floor(imports[1]!.seconds * 0.8));
    say(
      `Practice answers at ${importRate} req/s, alone and while the picture import runs (${duringSeconds} s)…`,
    );
    const practiceAlone = await phase('answer', { rate: importRate, seconds: duringSeconds });
    const [practiceDuring, during] = await Promise.all([
      phase('answer', { rate: importRate, seconds: duringSeconds }),
      runImport(server!.url, (worker ?? server!).pid, learner, 'picture', data),
    ]);
    imports.push(during);
    const lines = importLines({
      imports,
      practiceRate: importRate,
      practiceAlone,
      practiceDuring,
      duringSeconds,
    });
    for (const line of lines) say(line);
    writeFileSync(path.join(resultsDir, `${stamp}-import.md`), `${lines.join('\n')}\n`);
  }
  if (withCrowd)
    for (const pacing of ['spread', 'burst'] as const)
      for (const crowdRate of crowdRates) {
        await resetCrowd();
        crowdRun.fixed.push(await phase('loop', { crowd: true, rate: crowdRate, pacing }));
      }
} finally {
  await worker?.stop();
  await server.stop();
  await database?.close();
}

context.push(
  'Each deck call is a different user and category in turn; answers alternate correct and incorrect; the accounts keep the default time zone (Europe/Sofia)',
  `Load average after the run: ${os.loadavg()[0]!.toFixed(2)} (this run's own processes included)`,
);
const run: Run = {
  title,
  context,
  connections,
  rateConnections,
  rate,
  seconds,
  max,
  fixed,
  ...(withCrowd || withDirect ? { crowd: crowdRun } : {}),
  ...(catalogRun ? { catalog: catalogRun } : {}),
};
for (const result of schoolPhases) {
  const page = !result.name.startsWith('path answer');
  const verdict = page
    ? result.p99 < SCHOOL_PAGE_P99_MS && result.failed === 0
      ? 'meets'
      : 'MISSES'
    : 'measured';
  context.push(
    `School (${SCHOOL_SHAPE.students.toLocaleString('en')} students × ${SCHOOL_SHAPE.pathsPerStudent} paths) at ${result.rate} req/s, ${result.name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failed} failed of ${result.count}${page ? ` (${verdict} the ${SCHOOL_PAGE_P99_MS} ms target)` : ''}`,
  );
}
if (homePhase)
  context.push(
    `Homes of ${HOME_SHAPE.students.toLocaleString('en')} students in ${HOME_SHAPE.classes} classes at ${homePhase.rate} req/s, ${homePhase.name}: p50 ${homePhase.p50} ms, p99 ${homePhase.p99} ms, ${homePhase.failed} failed of ${homePhase.count} (${homePhase.p99 < HOME_P99_MS && homePhase.failed === 0 ? 'meets' : 'MISSES'} the ${HOME_P99_MS} ms target)`,
  );
if (examRun) for (const line of examLines(examRun)) context.push(line);
if (gradebookPhase)
  context.push(
    `${gradebookPhase.name} at ${gradebookPhase.rate} req/s: p50 ${gradebookPhase.p50} ms, p99 ${gradebookPhase.p99} ms, ${gradebookPhase.failed} failed of ${gradebookPhase.count} (${gradebookPhase.p99 < GRADEBOOK_P99_MS && gradebookPhase.failed === 0 ? 'meets' : 'MISSES'} the ${GRADEBOOK_P99_MS} ms target)`,
  );
const text = textReport(run);
say(`\n${text}`);
writeFileSync(path.join(resultsDir, `${stamp}.md`), markdownReport(run));
writeFileSync(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(run, null, 2)}\n`);
say(`Results written to ${path.relative(process.cwd(), resultsDir)}/${stamp}.{md,json}`);
