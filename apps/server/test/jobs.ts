import pino from 'pino';
import type { DatabaseHandle } from '../src/db/client';
import { createJobQueue, type JobQueue } from '../src/lib/jobs';

/** A job queue on a test database that logs nothing; define its kinds, then start it with work: false. */
export const createTestJobQueue = (database: DatabaseHandle): JobQueue =>
  createJobQueue({ database, log: pino({ level: 'silent' }) });

/**
 * Runs the jobs queued so far (and any they queue), now and in order, as a worker would: no worker runs
 * in tests. Resolves with how many ran; a failed job is left to its retries, not thrown. With `dueBy` (a
 * test's clock), jobs queued to start by then run too.
 */
export const runQueuedJobs = (queue: JobQueue, dueBy?: Date): Promise<number> => queue.drain({ dueBy });
