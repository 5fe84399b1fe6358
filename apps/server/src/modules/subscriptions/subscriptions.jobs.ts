import type { JobQueue } from '../../lib/jobs';
import type { SubscriptionsService } from './subscriptions.service';

export const mailEndingTrials = 'subscriptions.trial-ending';

/** Reminds the accounts whose trial ends in three days; running it twice a day mails nobody twice. */
export const registerSubscriptionJobs = (
  queue: JobQueue,
  { subscriptions }: { subscriptions: SubscriptionsService },
) => {
  queue.define(mailEndingTrials, async () => {
    await subscriptions.mailEndingTrials();
  });
};

/** Every day at 08:00 UTC (call after the queue started, where jobs are worked). */
export const scheduleTrialReminders = (queue: JobQueue) => queue.schedule(mailEndingTrials, '0 8 * * *');
