import type { Mail } from './lib/mailer';
import type { AccountMailRequest } from './modules/auth/auth.jobs';
import type { DigestJob } from './modules/mail/mail.service';
import type { WelcomeJob } from './modules/schools/schools.jobs';

/** The data of a job that needs none: a sweep that finds its own work (scheduled jobs carry nothing). */
type NoData = Record<string, never>;

/**
 * Every job kind of the application, by name, with the data its jobs carry. The job queue is typed by it:
 * a kind is sent and handled under one name with one payload, and a name or payload that does not fit
 * is a type error. A new kind is added here first.
 */
export interface JobPayloads {
  'mail.send': Mail;
  'mail.digest': DigestJob;
  'auth.account-mail': AccountMailRequest;
  'ai.generate': { taskId: string };
  'cards.import': { importId: string };
  'cards.sweep-imports': NoData;
  'schools.welcome': WelcomeJob;
  'exams.complete-due': NoData;
  'subscriptions.trial-ending': NoData;
  'practice.forget-old-sessions': NoData;
  'offline.forget-old-answers': NoData;
  'learning-paths.forget-old-sessions': NoData;
  'memory.queue-fits': NoData;
  'memory.fit-learner': { userId: number };
  'media.sweep': NoData;
  'guardians.weekly-summary': NoData;
  'notifications.sweep': NoData;
}
