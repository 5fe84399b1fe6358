/**
 * A learner who answered 500 cards offline over three days syncs them: the one call that sends them (the
 * device's largest), through the real app on the bench's database, for several fresh learners in turn;
 * each run checked (every answer counted once, three days of activity). Target: under 5 s on this machine.
 */
import { randomUUID } from 'node:crypto';
import { OFFLINE_SYNC_MAX_ANSWERS } from '@flashcards/contract';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DAY, HOUR } from '../src/lib/clock';
import { createServices } from '../src/services';
import { benchTarget, openBenchDatabase, type SeedLog } from './data-set';

export const OFFLINE_SYNC_SHAPE = {
  learners: 5,
  cards: 200,
  answers: OFFLINE_SYNC_MAX_ANSWERS,
  days: 3,
} as const;
export const OFFLINE_SYNC_TARGET_SECONDS = 5;
const emailLike = 'bench-offline-%@example.com';

export type OfflineSyncRun = { seconds: number[]; counted: number[]; days: number[] };

export const runOfflineSyncBench = async (log: SeedLog): Promise<OfflineSyncRun> => {
  const target = benchTarget();
  const { handle, close } = await openBenchDatabase(target);
  const { learners, cards, answers, days } = OFFLINE_SYNC_SHAPE;
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
  const app = await buildApp({ services, log: pino({ level: 'warn' }) });
  const run: OfflineSyncRun = { seconds: [], counted: [], days: [] };
  try {
    await handle.db.execute(sql`delete from users where email like ${emailLike}`);
    for (let learner = 1; learner <= learners; learner++) {
      // A trial that runs: no daily limit, as for most learners who study this much.
      const [user] = (
        (await handle.db.execute(sql`insert into users (email, first_name, last_name, is_active, time_zone, trial_end_date)
          values (${`bench-offline-${learner}-${randomUUID()}@example.com`}, 'Offline', 'Learner', true,
            'Europe/Sofia', now() + interval '30 days') returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      const userId = user!.id;
      const ids = (
        (await handle.db.execute(sql`with category as (
            insert into categories (name, user_id, type_of_cards) values ('Offline', ${userId}, 'text') returning id)
          insert into cards (first_side, second_side, category_id)
          select 'Question ' || n, 'Answer ' || n, (select id from category) from generate_series(1, ${cards}) n
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows.map((row) => row.id);
      // Three days before now, in the learner's waking hours, about one answer a minute.
      const start = Date.now() - days * DAY;
      const sent = Array.from({ length: answers }, (_, n) => ({
        id: randomUUID(),
        card_id: ids[(n * 7) % ids.length]!,
        mode: n % 3 === 0 ? 'typing' : 'verbal',
        correct: n % 5 !== 0,
        answered_at: new Date(
          start + Math.floor(n / (answers / days)) * DAY + 8 * HOUR + (n % 170) * 60_000,
        ).toISOString(),
        ...(n % 4 === 0 && { review: { seconds: 4 + (n % 9) } }),
      }));
      const token = services.tokens.sign('access', userId).token;
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/card/offline-answers/',
        headers: { authorization: `JWT ${token}` },
        payload: { answers: sent },
      });
      const seconds = (performance.now() - started) / 1000;
      if (response.statusCode !== 200)
        throw new Error(`sync answered ${response.statusCode}: ${response.body}`);
      const [activity] = (
        (await handle.db.execute(sql`select count(*)::int as days, coalesce(sum(card_requests), 0)::int as answers
          from user_activity where user_id = ${userId}`)) as unknown as {
          rows: { days: number; answers: number }[];
        }
      ).rows;
      run.seconds.push(seconds);
      run.counted.push(response.json().counted);
      run.days.push(activity?.days ?? 0);
      log(
        `  learner ${learner}: ${seconds.toFixed(2)} s, ${response.json().counted} counted, ${activity?.answers} on ${activity?.days} days`,
      );
    }
    return run;
  } finally {
    await app.close();
    await services.jobs.stop();
    await close();
  }
};

export const offlineSyncLines = (run: OfflineSyncRun, label: string) => {
  const { answers, days, learners } = OFFLINE_SYNC_SHAPE;
  const sorted = [...run.seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted.at(-1) ?? 0;
  const whole = run.counted.every((counted) => counted === answers) && run.days.every((d) => d === days);
  return [
    `Offline sync on ${label} (${answers} answers over ${days} days in one call, ${learners} learners in turn): median ${median.toFixed(2)} s, slowest ${worst.toFixed(2)} s (${worst < OFFLINE_SYNC_TARGET_SECONDS ? 'meets' : 'MISSES'} the ${OFFLINE_SYNC_TARGET_SECONDS} s target); ${whole ? 'every answer counted once, on its own day' : `COUNTED ${run.counted.join(', ')} ON ${run.days.join(', ')} DAYS`}`,
  ];
};
