import type { JobQueue } from '../../lib/jobs';
import type { LearningPathsService } from './learning-paths.service';

export const forgetOldPathSessions = 'learning-paths.forget-old-sessions';

/** Forgets the study sessions of past days, whose last answer can no longer be taken back. */
export const registerLearningPathJobs = (
  queue: JobQueue,
  { learningPaths }: { learningPaths: LearningPathsService },
) => {
  queue.define(forgetOldPathSessions, async () => {
    await learningPaths.forgetOldSessions();
  });
};

/** Every day at 03:10 UTC (call after the queue started, where jobs are worked). */
export const schedulePathSessionCleanUp = (queue: JobQueue) =>
  queue.schedule(forgetOldPathSessions, '10 3 * * *');
