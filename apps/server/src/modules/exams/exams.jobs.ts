import type { JobQueue } from '../../lib/jobs';
import type { ExamsService } from './exams.service';

export const completeDueExams = 'exams.complete-due';

/**
 * Completes the started exams whose end has come. Queued for each end when exams are given, and run every
 * minute where jobs are worked; running it twice completes nothing twice.
 */
export const registerExamJobs = (queue: JobQueue, { exams }: { exams: ExamsService }) => {
  // Run every minute: an attempt is given up after two.
  queue.define(
    completeDueExams,
    async () => {
      await exams.completeDue();
    },
    { expireInSeconds: 120 },
  );
};

export const queueExamEnd = (queue: JobQueue, end: Date) =>
  queue.send(completeDueExams, {}, { singletonKey: `exam-end:${end.toISOString()}`, startAfter: end });

/** The sweep every minute (call after the queue started, where jobs are worked). */
export const scheduleExamCompletion = (queue: JobQueue) => queue.schedule(completeDueExams, '* * * * *');
