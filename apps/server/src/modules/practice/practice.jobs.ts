import type { JobQueue } from '../../lib/jobs';
import type { PracticeService } from './practice.service';

export const forgetOldSessions = 'practice.forget-old-sessions';

/** Forgets the practice sessions of past days, whose last answer can no longer be taken back. */
export const registerPracticeJobs = (queue: JobQueue, { practice }: { practice: PracticeService }) => {
  queue.define(forgetOldSessions, async () => {
    await practice.forgetOldSessions();
  });
};

/** Every day at 03:00 UTC (call after the queue started, where jobs are worked). */
export const schedulePracticeCleanUp = (queue: JobQueue) => queue.schedule(forgetOldSessions, '0 3 * * *');
