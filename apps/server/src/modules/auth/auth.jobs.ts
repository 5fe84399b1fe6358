import type { Language } from '@flashcards/i18n';
import type { JobQueue } from '../../lib/jobs';
import { MAIL_JOB_OPTIONS } from '../../lib/mailer';
import type { AuthService } from './auth.service';

const sendAccountMail = 'auth.account-mail';

/** A request for a password reset or an activation link, as the request gave it. */
export type AccountMailRequest = {
  kind: 'activation' | 'password_reset';
  email: string;
  /** The language the request named (Accept-Language), if it named one. */
  language?: Language;
};

/**
 * Looks up the account of a requested mail and, when it is due one, makes the link and queues the mail.
 * The account is looked up here, not in the request, so that the answer takes as long whether or not
 * the e-mail has an account.
 */
export const registerAuthJobs = (queue: JobQueue, { auth }: { auth: AuthService }) => {
  // A lookup, a token and a queued mail: as short as sending one.
  queue.define(sendAccountMail, (request, job) => auth.sendAccountMail(request, job.id), MAIL_JOB_OPTIONS);
};

export const queueAccountMail = (queue: JobQueue, request: AccountMailRequest) =>
  queue.send(sendAccountMail, request);
