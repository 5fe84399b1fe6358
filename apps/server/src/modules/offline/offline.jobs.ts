import type { JobQueue } from '../../lib/jobs';
import type { OfflineService } from './offline.service';

export const forgetOldOfflineAnswers = 'offline.forget-old-answers';

/** Forgets the ids of offline answers too old to be counted again. */
export const registerOfflineJobs = (queue: JobQueue, { offline }: { offline: OfflineService }) => {
  queue.define(forgetOldOfflineAnswers, async () => {
    await offline.forgetOldAnswers();
  });
};

/** Every day at 03:10 UTC (call after the queue started, where jobs are worked). */
export const scheduleOfflineCleanUp = (queue: JobQueue) =>
  queue.schedule(forgetOldOfflineAnswers, '10 3 * * *');
