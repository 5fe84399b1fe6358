import type { JobQueue } from '../../lib/jobs';
import type { GuardiansService } from './guardians.service';

export const sendWeeklySummaries = 'guardians.weekly-summary';

/** The guardians' weekly summaries; a second run in the same week mails nobody twice. */
export const registerGuardianJobs = (queue: JobQueue, { guardians }: { guardians: GuardiansService }) => {
  queue.define(sendWeeklySummaries, async () => {
    await guardians.sendWeeklySummaries();
  });
};

/** Every Sunday at 17:00 UTC (call after the queue started, where jobs are worked). */
export const scheduleWeeklySummaries = (queue: JobQueue) => queue.schedule(sendWeeklySummaries, '0 17 * * 0');
