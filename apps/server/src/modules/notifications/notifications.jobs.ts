import type { JobQueue } from '../../lib/jobs';
import type { NotificationsService } from './notifications.service';

const sweep = 'notifications.sweep';

/**
 * The minute's sweep of notifications (exams about to open, results published, digests due). Running it
 * twice makes no notification twice (a unique index) and mails no digest twice (rows are marked mailed).
 */
export const registerNotificationJobs = (
  queue: JobQueue,
  { notifications }: { notifications: NotificationsService },
) => {
  // Run every minute: an attempt is given up after two.
  queue.define(sweep, () => notifications.sweep(), { expireInSeconds: 120 });
};

/** Every minute (call after the queue started, where jobs are worked). */
export const scheduleNotificationSweep = (queue: JobQueue) => queue.schedule(sweep, '* * * * *');
