import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createTestJobQueue, runQueuedJobs } from '../../test/jobs';
import type { JobQueue } from './jobs';

type Greeting = { name: string };
/** The kinds of these tests: the queue is typed by them as the application's is by `JobPayloads`. */
type TestKinds = {
  'test.greet': Greeting;
  'test.flaky': Greeting;
  'test.broken': Greeting;
  'test.durable': Greeting;
  'test.single': Greeting;
  'test.later': Greeting;
  'test.nightly': { report: string };
};

let database: TestDatabase;
let queues: JobQueue<TestKinds>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const queue of queues) await queue.stop();
  queues = [];
});
afterAll(async () => {
  await database.close();
});

const newQueue = () => {
  const queue = createTestJobQueue<TestKinds>(database);
  queues.push(queue);
  return queue;
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('job queue', () => {
  it('runs a job sent once, with its data', async () => {
    const queue = newQueue();
    const seen: { data: Greeting; retryCount: number }[] = [];
    queue.define('test.greet', async (data, job) => {
      seen.push({ data, retryCount: job.retryCount });
    });
    await queue.start({ work: false });

    const id = await queue.send('test.greet', { name: 'Maria' });
    expect(id).toEqual(expect.any(String));
    expect(await runQueuedJobs(queue)).toBe(1);
    expect(seen).toEqual([{ data: { name: 'Maria' }, retryCount: 0 }]);
    expect(await runQueuedJobs(queue)).toBe(0);
  });

  it('retries a failing job, counting the retries, until it succeeds', async () => {
    const queue = newQueue();
    const attempts: number[] = [];
    queue.define(
      'test.flaky',
      async (_data, job) => {
        attempts.push(job.retryCount);
        if (attempts.length < 3) throw new Error('the mail server is down');
      },
      { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
    );
    await queue.start({ work: false });

    const id = await queue.send('test.flaky', { name: 'Ivan' });
    expect(await runQueuedJobs(queue)).toBe(3);
    expect(attempts).toEqual([0, 1, 2]);
    const [job] = await rows<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
    expect(job?.state).toBe('completed');
  });

  it('marks a job failed once its retries are used up', async () => {
    const queue = newQueue();
    queue.define(
      'test.broken',
      async () => {
        throw new Error('always');
      },
      { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false },
    );
    await queue.start({ work: false });

    const id = await queue.send('test.broken', { name: 'Petar' });
    expect(await runQueuedJobs(queue)).toBe(2);
    const [job] = await rows<{ state: string; output: { message?: string } }>(
      sql`select state, output from pgboss.job where id = ${id}`,
    );
    expect(job).toMatchObject({ state: 'failed', output: { message: 'always' } });
  });

  it('keeps a queued job across a restart: a new queue on the same database runs it', async () => {
    const before = newQueue();
    before.define('test.durable', async () => {
      throw new Error('the first process must not run it');
    });
    await before.start({ work: false });
    await before.send('test.durable', { name: 'Elena' });
    await before.stop();

    const after = newQueue();
    const seen: Greeting[] = [];
    after.define('test.durable', async (data) => {
      seen.push(data);
    });
    await after.start({ work: false });
    expect(await runQueuedJobs(after)).toBe(1);
    expect(seen).toEqual([{ name: 'Elena' }]);
  });

  it('queues a job once per singleton key while it waits', async () => {
    const queue = newQueue();
    const seen: Greeting[] = [];
    queue.define('test.single', async (data) => {
      seen.push(data);
    });
    await queue.start({ work: false });

    const first = await queue.send('test.single', { name: 'first' }, { singletonKey: 'user-1' });
    const repeat = await queue.send('test.single', { name: 'repeat' }, { singletonKey: 'user-1' });
    const other = await queue.send('test.single', { name: 'other' }, { singletonKey: 'user-2' });
    const unkeyed = [
      await queue.send('test.single', { name: 'a' }),
      await queue.send('test.single', { name: 'b' }),
    ];
    expect(first).toEqual(expect.any(String));
    expect(repeat).toBeNull();
    expect(other).toEqual(expect.any(String));
    expect(unkeyed).toEqual([expect.any(String), expect.any(String)]);

    expect(await runQueuedJobs(queue)).toBe(4);
    expect(seen.map((data) => data.name).sort()).toEqual(['a', 'b', 'first', 'other']);
    // Once the job has run, the key is free again.
    expect(await queue.send('test.single', { name: 'later' }, { singletonKey: 'user-1' })).toEqual(
      expect.any(String),
    );
  });

  it('leaves a job sent for later until its time', async () => {
    const queue = newQueue();
    queue.define('test.later', async () => {});
    await queue.start({ work: false });

    await queue.send('test.later', { name: 'tomorrow' }, { startAfter: new Date(Date.now() + 86_400_000) });
    expect(await runQueuedJobs(queue)).toBe(0);
  });

  it('keeps one schedule when several processes declare it', async () => {
    const one = newQueue();
    const two = newQueue();
    for (const queue of [one, two]) {
      queue.define('test.nightly', async () => {});
      await queue.start({ work: false });
    }
    await one.schedule('test.nightly', '0 3 * * *', { report: 'daily' });
    await two.schedule('test.nightly', '0 3 * * *', { report: 'daily' });

    const schedules = await rows<{ name: string; cron: string; data: unknown }>(
      sql`select name, cron, data from pgboss.schedule where name = 'test.nightly'`,
    );
    expect(schedules).toEqual([{ name: 'test.nightly', cron: '0 3 * * *', data: { report: 'daily' } }]);
  });
});

describe('job kinds', () => {
  it('types sending and handling by the kind: another name or payload does not compile', () => {
    // Checked by the type checker (npm run typecheck); never called.
    const misuses = (queue: JobQueue) => {
      // @ts-expect-error the application has no such kind
      void queue.send('mail.sent', { to: 'a@example.com', subject: 's', text: 't', html: 'h' });
      // @ts-expect-error a mail without its subject
      void queue.send('mail.send', { to: 'a@example.com', text: 't', html: 'h' });
      // @ts-expect-error a generation's job carries its task's id
      void queue.send('ai.generate', { task: 'x' });
      // @ts-expect-error the handler of a digest takes a digest
      queue.define('mail.digest', async (data: { taskId: string }) => void data);
      void queue.send('ai.generate', { taskId: 'x' });
    };
    expect(misuses).toBeTypeOf('function');
  });
});
