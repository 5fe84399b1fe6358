/**
 * The practice benchmark: the practice loop (a deck of 20, then an answer per card) and the health route
 * under load, at full speed and at a fixed rate. Without --url it seeds the data set if needed and starts
 * the built server on the database of DATABASE_URL, or the embedded one under DATA_DIR.
 *   npm run bench [-- --duration 15 --connections 40 --rate 500 --url http://host:port --users 200]
 * --profile writes a CPU profile of the server it starts (results/*.cpuprofile, for Chrome's DevTools).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchTarget, dataSetSize, decksOfDataSet, openBenchDatabase, seedDataSet } from './data-set';
import { type Load, type PhaseResult, type Practice, runPhase, Workload } from './load';
import { markdownReport, type Run, textReport } from './report';
import { buildServer, type RunningServer, startServer } from './server';
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
    loads: { type: 'string', default: 'health,deck,answer,loop' },
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
const loads = values.loads.split(',').map((name) => name.trim());
for (const load of loads)
  if (!allLoads.includes(load as Load)) throw new Error(`--loads takes a list of ${allLoads.join(', ')}`);

const say = (line: string) => process.stdout.write(`${line}\n`);
const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

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
let practices: Practice[];
let title: string;

if (values.url) {
  const url = values.url.replace(/\/$/, '');
  title = `Practice benchmark against ${url}`;
  const users = positive('users', values.users);
  say(`Signing in ${users} seeded users at ${url}…`);
  practices = await signedInPractices(url, users);
  context.push(`Data set: ${users} signed-in users, ${practices.length} decks`);
  server = { url, pid: 0, stop: async () => {} };
} else {
  const target = benchTarget();
  title = `Practice benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`;
  const { handle, close } = await openBenchDatabase(target);
  let size: Awaited<ReturnType<typeof dataSetSize>>;
  let decks: Awaited<ReturnType<typeof decksOfDataSet>>;
  try {
    if (!values['skip-seed']) await seedDataSet(handle, { log: say });
    size = await dataSetSize(handle);
    decks = await decksOfDataSet(handle);
  } finally {
    await close();
  }
  context.push(
    `Data set: ${size.users.toLocaleString('en')} users, ${size.categories.toLocaleString('en')} categories, ${size.cards.toLocaleString('en')} cards; every seeded user practises (premium: trial)`,
  );
  buildServer();
  const secret = randomBytes(32).toString('base64url');
  const minutes = 240;
  const logLevel = process.env.LOG_LEVEL ?? 'info';
  const logFile = path.join(resultsDir, `${stamp}-server.log`);
  say(`Starting the server on ${target.label}…`);
  server = await startServer(
    {
      JWT_SECRET: secret,
      ACCESS_TOKEN_MINUTES: String(minutes),
      LOG_LEVEL: logLevel,
      ...(target.kind === 'pglite' ? { DATA_DIR: target.dataDir! } : {}),
    },
    logFile,
    values.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${resultsDir}`, `--cpu-prof-name=${stamp}-server.cpuprofile`]
      : [],
  );
  context.push(
    `Server: dist/main.js, NODE_ENV=production, LOG_LEVEL=${logLevel} (log written to a file)` +
      (target.kind === 'postgres' ? `, DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE ?? 10}` : ''),
  );
  practices = await mintedPractices(decks, secret, minutes);
}

const workload = new Workload(practices);
const phase = async (load: Load, options: { rate?: number; seconds?: number; quiet?: boolean } = {}) => {
  const result = await runPhase(server!.url, workload, {
    load,
    connections: options.rate ? rateConnections : connections,
    seconds: options.seconds ?? seconds,
    rate: options.rate,
  });
  if (!options.quiet)
    say(
      `  ${load.padEnd(6)} ${options.rate ? `at ${options.rate} req/s` : 'full speed'}: ${result.total.rps.toFixed(0)} req/s, p99 ${result.total.p99.toFixed(2)} ms` +
        (result.total.failed || result.errors ? `, ${result.total.failed + result.errors} failed` : ''),
    );
  return result;
};

const max: PhaseResult[] = [];
const fixed: PhaseResult[] = [];
try {
  say(`Warming up (${warmup} s)…`);
  await phase('loop', { seconds: warmup, quiet: true });
  say('Measuring…');
  const chosen = allLoads.filter((load) => loads.includes(load));
  for (const load of chosen) max.push(await phase(load));
  for (const load of chosen) fixed.push(await phase(load, { rate }));
} finally {
  await server.stop();
}

context.push(
  'Each deck call is a different user and category in turn; answers alternate correct and incorrect, header x-timezone: Europe/Sofia',
);
const run: Run = { title, context, connections, rateConnections, rate, seconds, max, fixed };
const text = textReport(run);
say(`\n${text}`);
writeFileSync(path.join(resultsDir, `${stamp}.md`), markdownReport(run));
writeFileSync(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(run, null, 2)}\n`);
say(`Results written to ${path.relative(process.cwd(), resultsDir)}/${stamp}.{md,json}`);
