import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createTestJobQueue, runQueuedJobs } from '../../../test/jobs';
import { type MailServer, startMailServer } from '../../../test/mail-server';
import type { JobQueue } from '../../lib/jobs';
import { createMailer, type Mailer } from '../../lib/mailer';
import { queueMail, registerMailJobs } from './mail.jobs';

let database: TestDatabase;
let server: MailServer;
let mailer: Mailer;
let queue: JobQueue;
let outboxDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startMailServer();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'flashcards-outbox-'));
  mailer = createMailer(
    { smtpUrl: server.url, from: 'Cards <no-reply@cards.test>', outboxDir },
    pino({ level: 'silent' }),
  );
  queue = createTestJobQueue(database);
  registerMailJobs(queue, { mailer });
  await queue.start({ work: false });
});
afterAll(async () => {
  await queue.stop();
  mailer.close();
  await server.close();
  await database.close();
  await rm(outboxDir, { recursive: true, force: true });
});

it('delivers a queued mail when its job runs', async () => {
  await queueMail(queue, {
    to: 'maria@example.com',
    subject: 'Activate your account',
    text: 'Open http://cards.test/activate/1/abc',
    html: '<p>Open <a href="http://cards.test/activate/1/abc">the link</a></p>',
  });
  expect(server.messages).toHaveLength(0);

  expect(await runQueuedJobs(queue)).toBe(1);
  const mail = await server.nextTo('maria@example.com');
  expect(mail).toMatchObject({
    subject: 'Activate your account',
    from: { address: 'no-reply@cards.test' },
  });
  expect(mail.text?.trim()).toBe('Open http://cards.test/activate/1/abc');
  expect(mail.html).toContain('href="http://cards.test/activate/1/abc"');
});

it('gives an attempt a minute, and a dead process ten seconds without a heartbeat, before a retry', async () => {
  const [options] = (
    (await database.db.execute(
      sql`select expire_seconds, heartbeat_seconds, retry_limit from pgboss.queue where name = 'mail.send'`,
    )) as unknown as { rows: { expire_seconds: number; heartbeat_seconds: number; retry_limit: number }[] }
  ).rows;
  expect(options).toEqual({ expire_seconds: 60, heartbeat_seconds: 10, retry_limit: 5 });
});
