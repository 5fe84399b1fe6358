import type { JobQueue } from '../../lib/jobs';
import type { MemoryService } from './memory.service';

export const queueFitsJob = 'memory.queue-fits';
export const fitLearnerJob = 'memory.fit-learner';

/** The weekly fit of each learner's own FSRS parameters (docs/design.md, "One memory model"). */
export const registerMemoryJobs = (queue: JobQueue, { memory }: { memory: MemoryService }) => {
  queue.define(queueFitsJob, async () => {
    await memory.queueFits();
  });
  queue.define(fitLearnerJob, async ({ userId }) => {
    await memory.fitLearner(userId);
  });
};

/** Sundays at 02:30 UTC (call after the queue started, where jobs are worked). */
export const scheduleMemoryFits = (queue: JobQueue) => queue.schedule(queueFitsJob, '30 2 * * 0');
