import type { Executor } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { MAIL_JOB_OPTIONS, type Mail, type Mailer } from '../../lib/mailer';
import type { DigestJob, MailService } from './mail.service';

const sendMail = 'mail.send';

/**
 * Sends a rendered mail. SMTP cannot make this idempotent: a retry after a lost answer from the mail
 * server may deliver the mail twice, which is the lesser harm than losing it.
 */
export const registerMailJobs = (queue: JobQueue, { mailer }: { mailer: Mailer }) => {
  queue.define(sendMail, (mail) => mailer.send(mail), MAIL_JOB_OPTIONS);
};

/**
 * Queues a rendered mail; a worker sends it, retrying while the mail server is unreachable. With a
 * singletonKey, it is not queued while a mail with that key still waits, so a retried job that queues it
 * does not queue it twice. With `tx`, it is queued in that transaction (sent only if it commits).
 */
export const queueMail = (
  queue: JobQueue,
  mail: Mail,
  options: { singletonKey?: string; tx?: Executor } = {},
): Promise<string | null> => queue.send(sendMail, mail, options);

const sendDigest = 'mail.digest';

/** The digests of notices held back (see MailService.notify). */
export const registerMailDigestJobs = (queue: JobQueue, { mail }: { mail: MailService }) => {
  queue.define(sendDigest, (data, job) => mail.sendDigest(data, job.id));
};

/** Queues the person's digest of a kind for `at`; while one waits, it gathers the new notice too. */
export const queueDigest = (queue: JobQueue, digest: DigestJob, at: Date) =>
  queue.send(sendDigest, digest, {
    singletonKey: `mail-digest:${digest.recipientId}:${digest.kind}`,
    startAfter: at,
  });
