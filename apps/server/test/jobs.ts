import pino from 'pino';
import type { DatabaseHandle } from '../src/db/client';
import type { JobPayloads } from '../src/job-payloads';
import { createJobQueue, type JobKinds, type JobQueue } from '../src/lib/jobs';

/**
 * A job queue on a test database that logs nothing (the application's kinds, unless a test names its
 * own); define its kinds, then start it with work: false.
 */
export const createTestJobQueue = <Kinds extends JobKinds<Kinds> = JobPayloads>(
  database: DatabaseHandle,
): JobQueue<Kinds> => createJobQueue<Kinds>({ database, log: pino({ level: 'silent' }) });

/**
 * Runs the jobs queued so far (and any they queue), now and in order, as a worker would: no worker runs
 * in tests. Resolves with how many ran; a failed job is left to its retries, not thrown. With `dueBy` (a
 * test's clock), jobs queued to start by then run too.
 */
export const runQueuedJobs = <Kinds extends JobKinds<Kinds>>(
  queue: JobQueue<Kinds>,
  dueBy?: Date,
): Promise<number> => queue.drain({ dueBy });
