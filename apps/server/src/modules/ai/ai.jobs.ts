import type { JobQueue } from '../../lib/jobs';
import { AI_JOB, type AiService, aiJobOptions } from './ai.service';

/** Generations run as jobs: one retry after a passing failure of the provider, then the task fails. */
export const registerAiJobs = (
  queue: JobQueue,
  { ai, timeoutSeconds }: { ai: AiService; timeoutSeconds: number },
) => {
  queue.define(AI_JOB, ({ taskId }, job) => ai.run(taskId, job), aiJobOptions(timeoutSeconds));
};
