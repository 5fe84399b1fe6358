import type { JobQueue } from '../../lib/jobs';
import type { SchoolsService } from './schools.service';

const welcome = 'schools.welcome';

/**
 * The mails of accounts a principal added: a set-password link to each created account, an invitation to
 * each invited one (`invited`: invitation ids).
 */
export type WelcomeJob = { schoolId: number; creatorId: number; created: number[]; invited: number[] };

export const registerSchoolJobs = (queue: JobQueue, { schools }: { schools: SchoolsService }) => {
  // Queues one mail per account (hundreds for an imported list, each skipped when a retry finds it queued):
  // seconds of work, given five minutes; a worker's death is noticed by the heartbeat long before.
  queue.define(welcome, (data) => schools.sendWelcomeMails(data), { expireInSeconds: 300 });
};

export const queueWelcomeMails = (queue: JobQueue, data: WelcomeJob) =>
  data.created.length + data.invited.length === 0 ? Promise.resolve(null) : queue.send(welcome, data);
