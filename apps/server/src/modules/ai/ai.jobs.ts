import type { JobQueue } from '../../lib/jobs';
import { AI_JOB, AI_JOB_RETRIES, type AiService } from './ai.service';

/** Generations run as jobs: one retry after a passing failure of the provider, then the task fails. */
export const registerAiJobs = (
  queue: JobQueue,
  { ai, timeoutSeconds }: { ai: AiService; timeoutSeconds: number },
) => {
  queue.define<{ taskId: string }>(AI_JOB, ({ taskId }, job) => ai.run(taskId, job), {
    retryLimit: AI_JOB_RETRIES,
    retryDelaySeconds: 10,
    // An attempt asks the provider at most twice (an answer that does not hold up is asked again).
    expireInSeconds: timeoutSeconds * 2 + 30,
  });
};
