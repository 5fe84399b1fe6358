/**
 * The weekly fit of every learner's own FSRS parameters: 1,000 learners of 5,000 answers each (250 cards
 * answered 20 times, at intervals that grow, some answers wrong), seeded into the log; the job that finds
 * the learners and queues one fit each, then every fit run in turn in this process, as one worker runs
 * them. Target: all of it in under 10 minutes. With DATABASE_URL (PostgreSQL) or the embedded database.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createServices } from '../src/services';
import { benchTarget, openBenchDatabase, type SeedLog } from './data-set';

export const MEMORY_FIT_SHAPE = { learners: 1000, cards: 250, answersPerCard: 20 } as const;
export const MEMORY_FIT_TARGET_SECONDS = 600;
const emailLike = 'bench-memory-%@example.com';

const seedLearners = async (handle: DatabaseHandle, log: SeedLog) => {
  const { learners, cards, answersPerCard } = MEMORY_FIT_SHAPE;
  log(`Seeding ${learners} learners with ${(cards * answersPerCard).toLocaleString('en')} answers each…`);
  const started = performance.now();
  await handle.db.transaction(async (tx) => {
    const step = (query: ReturnType<typeof sql>) => tx.execute(query);
    await step(
      sql`delete from review_logs where user_id in (select id from users where email like ${emailLike})`,
    );
    await step(sql`delete from users where email like ${emailLike}`);
    await step(sql`insert into users (email, first_name, last_name, is_active)
      select 'bench-memory-' || n || '@example.com', 'Learner', 'Number ' || n, true
      from generate_series(1, ${learners}) n`);
    // The k-th answer of a card comes k(k+1)/2 days (scaled per card) after its first; about one answer in
    // eight is wrong, more often for the cards a learner finds hard (c % 5 = 0). Card ids need no card.
    await step(sql`insert into review_logs (user_id, card_id, grade, source, reviewed_at, folded)
      select u.id, c, case when (hashint4(u.id * 7919 + c * 31 + k) & 1023) < (case when c % 5 = 0 then 300 else 100 end)
          then 1 else 3 end, 'practice',
        now() - interval '400 days' + make_interval(days => (k * (k + 1) / 2) * (1 + c % 3) / 2, mins => c),
        true
      from (select id from users where email like ${emailLike}) u,
        generate_series(1, ${cards}) c, generate_series(0, ${answersPerCard - 1}) k
      order by u.id, c, k`);
  });
  await handle.db.execute(sql`analyze review_logs`);
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

export type MemoryFitRun = {
  queued: number;
  queueSeconds: number;
  fitted: number;
  seconds: number;
  own: number;
  meanLogLoss: number;
  meanDefaultLogLoss: number;
};

export const runMemoryFitBench = async (log: SeedLog): Promise<MemoryFitRun> => {
  const target = benchTarget();
  const { handle, close } = await openBenchDatabase(target);
  try {
    await seedLearners(handle, log);
    await handle.db.execute(sql`delete from memory_parameters`);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: target.kind === 'postgres' ? target.url : undefined,
    });
    const services = await createServices({
      config,
      database: handle,
      log: pino({ level: 'warn' }),
      runJobs: false,
    });
    try {
      log(`Fitting every learner's parameters on ${target.label}…`);
      const started = performance.now();
      const queued = await services.memory.queueFits();
      const queueSeconds = (performance.now() - started) / 1000;
      const fitted = await services.jobs.drain();
      const seconds = (performance.now() - started) / 1000;
      const [figures] = (
        (await handle.db.execute(sql`select count(*)::int as fitted,
            count(*) filter (where parameters is not null)::int as own,
            avg(log_loss)::float8 as log_loss, avg(default_log_loss)::float8 as default_log_loss
          from memory_parameters`)) as unknown as {
          rows: { fitted: number; own: number; log_loss: number; default_log_loss: number }[];
        }
      ).rows;
      return {
        queued,
        queueSeconds,
        fitted: Math.min(fitted, figures?.fitted ?? 0),
        seconds,
        own: figures?.own ?? 0,
        meanLogLoss: figures?.log_loss ?? 0,
        meanDefaultLogLoss: figures?.default_log_loss ?? 0,
      };
    } finally {
      await services.jobs.stop();
    }
  } finally {
    await close();
  }
};

export const memoryFitLines = (result: MemoryFitRun) => {
  const { learners, cards, answersPerCard } = MEMORY_FIT_SHAPE;
  return [
    `Weekly memory fit (${learners.toLocaleString('en')} learners of ${(cards * answersPerCard).toLocaleString('en')} answers): ${result.queued} queued in ${result.queueSeconds.toFixed(1)} s; ${result.fitted} fitted in ${result.seconds.toFixed(1)} s in all, ${((result.seconds / Math.max(1, result.fitted)) * 1000).toFixed(0)} ms a learner (${result.seconds < MEMORY_FIT_TARGET_SECONDS ? 'meets' : 'MISSES'} the ${MEMORY_FIT_TARGET_SECONDS} s target)`,
    `  held-out log loss, mean over learners: fitted ${result.meanLogLoss.toFixed(4)}, defaults ${result.meanDefaultLogLoss.toFixed(4)}; ${result.own} learners' own parameters beat the defaults`,
  ];
};
