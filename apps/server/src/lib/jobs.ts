import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, type Job, PgBoss, type QueueOptions } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../db/client';
import type { JobPayloads } from '../job-payloads';

/**
 * Runs one job. A job is delivered at least once: a handler that fails, or a process that dies while
 * running it, gets the same data again, so handlers must be idempotent (check whether the work was
 * already done, or make doing it twice harmless).
 */
export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type JobOptions = {
  /** Retries after the first attempt before the job is marked failed. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Doubles the delay on each retry (with jitter). */
  retryBackoff?: boolean;
  /** How long an attempt may run before it counts as failed and is retried (pg-boss's default: 15 minutes). */
  expireInSeconds?: number;
  /**
   * How long a running attempt may go without a sign of life from its process before it counts as failed
   * and is retried: the process running it has died. Workers refresh it while the handler runs.
   */
  heartbeatSeconds?: number;
};

/** Job kinds by name, each with the data its jobs carry (the application's: `JobPayloads`). */
export type JobKinds<Kinds> = { [Name in keyof Kinds]: object };

/**
 * A job queue kept in the application's own database (pg-boss): jobs survive restarts, and any number
 * of processes may send and work them. Typed by its kinds: a job is sent and handled with its kind's data.
 */
export interface JobQueue<Kinds extends JobKinds<Kinds> = JobPayloads> {
  /** Registers the handler of a job kind (before start). Defaults: retried with exponential backoff a few times. */
  define<Name extends keyof Kinds & string>(
    name: Name,
    handler: JobHandler<Kinds[Name]>,
    options?: JobOptions,
  ): void;
  /**
   * Queues a job; singletonKey makes a repeat a no-op while one is queued. Resolves with the job's id, null
   * when deduplicated. With `tx`, the job is queued in that transaction: it exists if the transaction commits.
   */
  send<Name extends keyof Kinds & string>(
    name: Name,
    data: Kinds[Name],
    options?: { singletonKey?: string; startAfter?: Date; tx?: Executor },
  ): Promise<string | null>;
  /** A cron schedule kept by the queue, so several server processes never run it twice (after start; the kind must be defined). */
  schedule<Name extends keyof Kinds & string>(name: Name, cron: string, data?: Kinds[Name]): Promise<void>;
  /**
   * Starts the queue (creating its schema on first use). With work: true this process runs the handlers
   * and looks after the queue (cron schedules, expiring stuck jobs, clearing old ones).
   */
  start(options: { work: boolean }): Promise<void>;
  /**
   * Runs every job that is due now with its handler, one after the other, until none is left; resolves with
   * how many ran (tests). Failures are recorded as the queue would (retry/fail), not thrown. With `dueBy`
   * (a test's clock), jobs queued to start by then count as due: startAfter is compared with the
   * database's time, which a test's clock does not move.
   */
  drain(options?: { dueBy?: Date }): Promise<number>;
  /** Stops taking jobs and waits a while for the running ones. */
  stop(): Promise<void>;
}

/**
 * About 10 s, 20 s, 40 s, 80 s and 160 s between the attempts, then the job is failed. A job whose process
 * died (a crash, a kill, a lost machine) is retried once its heartbeat is 10 seconds old, however long the
 * kind may run; an attempt that hangs in a live process waits for the kind's expiry.
 */
const defaultJobOptions: JobOptions = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  heartbeatSeconds: 10,
};

/**
 * How often a working process looks after the queue: fails the attempts whose heartbeat or expiry has
 * passed (pg-boss's default is a minute, which would double how long a dead worker's mail waits).
 */
const superviseIntervalSeconds = 10;

/** pg-boss's own connections on PostgreSQL; its statements are short, and handlers use the main pool. */
const queueConnections = 4;

const stopTimeoutMs = 10_000;

const toQueueOptions = (options: JobOptions): QueueOptions => {
  const queueOptions: QueueOptions = {
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryBackoff,
    expireInSeconds: options.expireInSeconds,
    heartbeatSeconds: options.heartbeatSeconds,
  };
  // pg-boss validates every key present, so unset ones are left out.
  return Object.fromEntries(Object.entries(queueOptions).filter(([, value]) => value !== undefined));
};

/**
 * The queue's statements run on one of our transactions (pg-boss's `db` option): its `$n` parameters
 * become Drizzle's, so the job is written by that transaction's connection.
 */
const onExecutor = (tx: Executor) => ({
  executeSql: async (text: string, values: unknown[] = []) => {
    const parts = text.split(/\$(\d+)/);
    const statement = sql.join(
      parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
    );
    return (await tx.execute(statement)) as unknown as { rows: never[] };
  },
});

const connect = (database: DatabaseHandle, work: boolean): PgBoss => {
  // Maintenance and cron run only where jobs are worked; pg-boss coordinates them between processes.
  const roles = {
    supervise: work,
    schedule: work,
    ...(work ? { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds } : {}),
  };
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The PGlite database handle has no PGlite instance');
    return new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...roles });
  }
  if (!database.url) throw new Error('The PostgreSQL database handle has no connection string');
  return new PgBoss({
    connectionString: database.url,
    max: queueConnections,
    application_name: 'flashcards-jobs',
    ...roles,
  });
};

export const createJobQueue = <Kinds extends JobKinds<Kinds> = JobPayloads>({
  database,
  log,
}: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): JobQueue<Kinds> => {
  const kinds = new Map<string, { handler: JobHandler<object>; options: JobOptions }>();
  let boss: PgBoss | undefined;

  const started = (): PgBoss => {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  };

  const run = async (name: string, job: Job<object>) => {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`No handler for the job kind ${name}`);
    try {
      // A scheduled job carries no data (null): its handler gets an empty object.
      await kind.handler(job.data ?? {}, { id: job.id, retryCount: job.retryCount });
    } catch (error) {
      log.error({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
      throw error;
    }
  };

  return {
    define(name, handler, options = {}) {
      if (boss) throw new Error(`The job kind ${name} is defined after the queue started`);
      kinds.set(name, {
        handler: handler as JobHandler<object>,
        options: { ...defaultJobOptions, ...options },
      });
    },

    send: (name, data, options = {}) => {
      // Every queue has pg-boss's "short" policy: one queued job per singleton key. A job sent without a
      // key is keyed by its own id, so it collides with nothing.
      const id = randomUUID();
      return started().send(name, data, {
        id,
        singletonKey: options.singletonKey ?? id,
        startAfter: options.startAfter,
        ...(options.tx ? { db: onExecutor(options.tx) } : {}),
      });
    },

    // Kept in one row per name: a second call, from any process, replaces the first.
    schedule: (name, cron, data) => started().schedule(name, cron, data ?? null),

    async start({ work }) {
      if (boss) throw new Error('The job queue is already started');
      boss = connect(database, work);
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
      await boss.start();
      for (const [name, { options }] of kinds) {
        const queueOptions = toQueueOptions(options);
        await boss.createQueue(name, { ...queueOptions, policy: 'short' });
        // createQueue leaves an existing queue as it was: a changed retry policy is applied here.
        await boss.updateQueue(name, queueOptions);
        // pg-boss looks a queue up (its table) on its first use and keeps it. Looked up now, by deleting a job
        // that does not exist: a job sent inside one of our transactions (`tx`) then needs no statement of
        // pg-boss's own, which on the embedded database (one connection) would wait for that transaction.
        await boss.deleteJob(name, randomUUID());
        if (work) {
          // Half a second (the least pg-boss allows): people wait for some of these jobs, such as mails.
          await boss.work<object>(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
            for (const job of jobs) await run(name, job);
          });
        }
      }
    },

    async drain({ dueBy } = {}) {
      const queue = started();
      if (dueBy)
        await database.db.execute(
          sql`update pgboss.job set start_after = now()
              where state = 'created' and start_after > now() and start_after <= ${dueBy.toISOString()}::timestamptz`,
        );
      let ran = 0;
      for (let found = true; found; ) {
        found = false;
        for (const name of kinds.keys()) {
          const [job] = await queue.fetch<object>(name);
          if (!job) continue;
          found = true;
          ran++;
          const attempt = { id: job.id, retryCount: job.retryCount };
          try {
            await run(name, job);
          } catch (error) {
            await queue.fail(name, attempt, error as object);
            continue;
          }
          await queue.complete(name, attempt);
        }
      }
      return ran;
    },

    async stop() {
      await boss?.stop({ graceful: true, timeout: stopTimeoutMs });
    },
  };
};
