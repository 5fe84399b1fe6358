import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { JobOptions } from './jobs';

/**
 * One SMTP exchange: an attempt still running after a minute (longer than the mailer's own timeouts) is
 * given up and retried, instead of pg-boss's 15 minutes.
 */
export const MAIL_JOB_OPTIONS: JobOptions = { expireInSeconds: 60 };

/** `headers`: extra headers of the message (a list's `List-Unsubscribe`). */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Settings of the SMTP_URL (`?socketTimeout=...`) win over these. */
const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };

/**
 * SMTP when a server is configured; otherwise each message is written as an .eml file to the outbox
 * folder and its links are logged, so a self-hosted instance works before mail is set up.
 */
export const createMailer = (
  options: { smtpUrl?: string; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer => {
  if (options.smtpUrl) {
    // A mail server that stops answering fails the attempt well within the mail job's expiry (nodemailer
    // waits up to 10 minutes by default), so that a retry, not a second send in parallel, follows.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    });
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ file, to: mail.to, links }, 'mail written to the outbox (no SMTP_URL set)');
    },
    close: () => {},
  };
};
