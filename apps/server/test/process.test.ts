import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Executor, openDatabase } from '../src/db/client';
import {
  aiTasks,
  cards,
  categories,
  marketVersionCards,
  pendingMedia,
  schools,
  users,
} from '../src/db/schema';
import { thumbnailKey } from '../src/lib/images';
import { queueMail, registerMailJobs } from '../src/modules/mail/mail.jobs';
import { createTestDatabase, type TestDatabase } from './database';
import { buildCatalogVersion, buildCategory, buildUser, PASSWORD } from './factories';
import { createTestJobQueue } from './jobs';
import { startMailServer } from './mail-server';
import { startTcpRelay, type TcpRelay } from './tcp-relay';

const serverDir = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

type Running = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** Runs a TypeScript source through tsx, or a built JavaScript file as production runs it. */
const run = (script: string, args: string[], env: Record<string, string>, port = 0): Running => {
  let output = '';
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
};

const startServer = async (env: Record<string, string>, script = 'src/main.ts'): Promise<Running> => {
  const port = await freePort();
  const server = run(script, [], env, port);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`server did not become ready: ${server.output()}`);
};

/**
 * An embedded database at `dir`, migrated: a copy of the test run's template (what a server's first start
 * leaves), so the tests about something else skip the migrations. A first start on an empty data
 * directory is the production build's test.
 */
const seededDatabase = async (dir: string) => {
  const dump = await readFile(inject('pgliteTemplate'));
  return openDatabase({ kind: 'pglite', dir, loadDataDir: new Blob([dump]) });
};
const seedDataDir = async (dataDir: string) => (await seededDatabase(path.join(dataDir, 'db'))).close();

/** Every file of a media directory (a pipe too), as storage keys. */
const mediaFiles = async (mediaDir: string) => {
  if (!existsSync(mediaDir)) return [];
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)))
    .sort();
};

/** Every storage key the rows refer to: cards, catalog versions, avatars, logos, photos of AI tasks. */
const referencedKeys = async (db: Executor) => {
  const pictures = await db
    .select({ kind: categories.typeOfCards, firstSide: cards.firstSide, audio: cards.audio })
    .from(cards)
    .innerJoin(categories, eq(categories.id, cards.categoryId));
  const versions = await db.select().from(marketVersionCards);
  const keys = [
    ...pictures.flatMap((card) => (card.kind === 'text' ? [] : [card.firstSide, card.audio])),
    ...versions.flatMap((card) => (card.sourceFirstSide === null ? [] : [card.firstSide, card.audio])),
  ].flatMap((key) => (key ? [key, thumbnailKey(key)] : []));
  for (const user of await db.select({ avatar: users.avatar }).from(users)) keys.push(user.avatar ?? '');
  for (const school of await db.select({ logo: schools.logo }).from(schools)) keys.push(school.logo ?? '');
  for (const task of await db.select({ input: aiTasks.input }).from(aiTasks))
    keys.push(...((task.input as { photos?: string[] }).photos ?? []));
  return [...new Set(keys.filter(Boolean))].sort();
};

/** The job worker, once it works the queue. */
const startWorker = async (env: Record<string, string>): Promise<Running> => {
  const worker = run('src/worker.ts', [], { LOG_LEVEL: 'info', ...env });
  const deadline = Date.now() + 90_000;
  while (!worker.output().includes('Working the job queue')) {
    if (worker.child.exitCode !== null || Date.now() > deadline) {
      worker.child.kill('SIGKILL');
      throw new Error(`worker did not start: ${worker.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worker;
};

const oneLine = (text: string) => {
  const lines = text.split('\n').filter((line) => line.trim() && !line.includes('ExperimentalWarning'));
  expect(lines, text).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
  return lines[0];
};

/** Signs in over HTTP and reads the profile: whether the account is staff, or the sign-in's status. */
const signInAsStaff = async (port: number, email: string, password: string) => {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/user/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) return { status: login.status };
  const { access } = (await login.json()) as { access: string };
  const me = await fetch(`${base}/api/user/users/me/`, { headers: { authorization: `JWT ${access}` } });
  return { status: login.status, staff: ((await me.json()) as { is_staff: boolean }).is_staff };
};

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** Writes a category with one card while no server runs. */
  const writeKeptRows = async (dir: string) => {
    const handle = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    const [user] = await handle.db.insert(users).values({ email: 'kept@example.com' }).returning();
    const [category] = await handle.db
      .insert(categories)
      .values({ userId: user!.id, name: 'Kept', typeOfCards: 'text' })
      .returning();
    await handle.db.insert(cards).values({ categoryId: category!.id, firstSide: 'a', secondSide: 'b' });
    await handle.close();
  };

  it('keeps data across a SIGTERM and restarts, and refuses a second process on the same data', {
    timeout: 120_000,
  }, async () => {
    const env = { DATA_DIR: dataDir };
    await seedDataDir(dataDir);
    const first = await startServer(env);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    const second = run('src/main.ts', [], env, await freePort());
    expect(await second.exited).toBe(1);
    expect(oneLine(second.output())).toBe(
      `The data directory ${dataDir} is in use by another server process; stop it or choose another DATA_DIR.`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // Rows written while no server runs are served after the restart.
    await writeKeptRows(dataDir);
    const restarted = await startServer(env);
    const stats = await (await fetch(`http://127.0.0.1:${restarted.port}/api/stats/public/`)).json();
    expect(stats).toEqual({ categories_count: 1, cards_count: 1 });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('keeps data across a crash, and takes over the lock the crashed process left once it is stale', {
    timeout: 120_000,
  }, async () => {
    const dir = path.join(dataDir, 'crash-lock');
    const env = { DATA_DIR: dir };
    await seedDataDir(dir);
    await writeKeptRows(dir);
    const crashing = await startServer(env);

    // A crash leaves its lock behind, no longer refreshed; the next start takes it over once it is stale
    // (10 seconds), without waiting for the dead process to be reaped.
    crashing.child.kill('SIGKILL');
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(true);
    const afterCrash = await startServer(env);
    await crashing.exited;
    const again = await (await fetch(`http://127.0.0.1:${afterCrash.port}/api/stats/public/`)).json();
    expect(again).toEqual({ categories_count: 1, cards_count: 1 });
    afterCrash.child.kill('SIGTERM');
    expect(await afterCrash.exited).toBe(0);
  });

  it('keeps a committed write when the process writing it is killed', { timeout: 120_000 }, async () => {
    const dir = path.join(dataDir, 'crash-db');
    await (await seededDatabase(dir)).close();
    const writer = run('test/fixtures/write-and-hang.ts', [dir, 'survivor@example.com'], {});
    const deadline = Date.now() + 90_000;
    while (!writer.output().includes('written') && Date.now() < deadline) {
      if (writer.child.exitCode !== null) throw new Error(writer.output());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writer.child.kill('SIGKILL');
    await writer.exited;
    const handle = await openDatabase({ kind: 'pglite', dir });
    const rows = await handle.db.select().from(users).where(eq(users.email, 'survivor@example.com'));
    await handle.close();
    expect(rows).toHaveLength(1);
  });

  it('leaves no media file behind when killed in the middle of an adoption', {
    timeout: 120_000,
  }, async () => {
    const dir = path.join(dataDir, 'adoption');
    const mediaDir = path.join(dir, 'media');
    // A catalog category of 100 picture cards, seeded while no server runs.
    const handle = await seededDatabase(path.join(dir, 'db'));
    const author = await buildUser(handle.db);
    const reader = await buildUser(handle.db, { password: PASSWORD });
    const category = await buildCategory(handle.db, { userId: author.id, typeOfCards: 'picture' });
    const authorDir = path.join(mediaDir, `u/${author.id}/cards`);
    await mkdir(authorDir, { recursive: true });
    const keys = Array.from({ length: 100 }, (_, index) => `u/${author.id}/cards/${index + 1}.webp`);
    await handle.db
      .insert(cards)
      .values(
        keys.map((key, index) => ({ categoryId: category.id, firstSide: key, secondSide: `${index}` })),
      );
    for (const [index, key] of keys.entries()) {
      await writeFile(path.join(mediaDir, thumbnailKey(key)), `thumbnail ${index}`);
      // The 60th picture is a pipe nobody writes to: the adoption stops there, half copied, until killed.
      if (index === 59) execFileSync('mkfifo', [path.join(mediaDir, key)]);
      else await writeFile(path.join(mediaDir, key), `picture ${index}`);
    }
    await buildCatalogVersion(handle.db, category.id);
    await handle.close();

    const server = await startServer({ DATA_DIR: dir });
    const base = `http://127.0.0.1:${server.port}/api`;
    const signedIn = await fetch(`${base}/user/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader.email, password: PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const { access } = (await signedIn.json()) as { access: string };
    const adoption = fetch(`${base}/card/adopted-from-market/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
      body: JSON.stringify({ category_id: category.id }),
    }).catch(() => undefined);
    // 59 pictures with their thumbnails are copied when the copy reaches the pipe.
    const readerPrefix = `u/${reader.id}/`;
    const copied = async () => (await mediaFiles(mediaDir)).filter((key) => key.startsWith(readerPrefix));
    const deadline = Date.now() + 60_000;
    while ((await copied()).length < 118 && Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(server.output());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await copied()).toHaveLength(118);
    server.child.kill('SIGKILL');
    await server.exited;
    await adoption;
    // The dead process's lock is taken away rather than waited for (the first test waits for a stale one).
    await rm(path.join(dataDir, 'db.lock'), { recursive: true, force: true });

    // After the restart, the sweep at start deletes the copies nothing refers to (past a short grace).
    const restarted = await startServer({ DATA_DIR: dir, MEDIA_SWEEP_GRACE_SECONDS: '1' });
    const swept = Date.now() + 30_000;
    while ((await copied()).length > 0 && Date.now() < swept) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    const after = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    const adopted = await after.db.select().from(categories).where(eq(categories.userId, reader.id));
    const pending = await after.db.select().from(pendingMedia);
    const referenced = await referencedKeys(after.db);
    await after.close();
    expect(adopted).toEqual([]);
    expect(pending).toEqual([]);
    expect(referenced).toHaveLength(200);
    expect(await mediaFiles(mediaDir)).toEqual(referenced);
  });

  it('ends with one clear line when the data directory cannot be written', { timeout: 120_000 }, async () => {
    // A path below a regular file can never be created, even by root.
    const file = path.join(dataDir, 'a-file');
    await writeFile(file, '');
    const server = run('src/main.ts', [], { DATA_DIR: path.join(file, 'data') });
    expect(await server.exited).toBe(1);
    expect(oneLine(server.output())).toMatch(
      /^The data directory .*a-file\/data cannot be written \(ENOTDIR\)/,
    );
  });

  it('ends with one clear line when the database server cannot be reached', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const server = run('src/main.ts', [], {
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://someone:hunter2@127.0.0.1:${port}/cards`,
    });
    expect(await server.exited).toBe(1);
    const line = oneLine(server.output());
    expect(line).toMatch(new RegExp(`^Cannot reach the database cards at 127.0.0.1:${port}`));
    expect(line).not.toContain('hunter2');
  });

  it('ends with one clear line on a bad setting', { timeout: 120_000 }, async () => {
    const server = run('src/main.ts', [], { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(oneLine(server.output())).toMatch(/^Invalid configuration: PORT/);
  });

  it('creates a staff account from the command line', { timeout: 120_000 }, async () => {
    const dir = path.join(dataDir, 'admin');
    const args = ['--email', 'Admin@Example.org', '--password', 'Strong-Admin-Pass-1'];
    const first = run('src/cli/create-admin.ts', args, { DATA_DIR: dir });
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Created the staff account admin@example.org.');
    const again = run('src/cli/create-admin.ts', args, { DATA_DIR: dir });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('Updated the staff account admin@example.org.');
    const weak = run('src/cli/create-admin.ts', ['--email', 'a@b.org', '--password', '12345678'], {
      DATA_DIR: dir,
    });
    expect(await weak.exited).toBe(1);
    expect(oneLine(weak.output())).toMatch(/^The password is not accepted: This password is too common\./);
  });

  it('creates a staff account through the server that holds the embedded database', {
    timeout: 120_000,
  }, async () => {
    const dir = path.join(dataDir, 'admin-live');
    await seedDataDir(dir);
    const server = await startServer({ DATA_DIR: dir });
    const socket = path.join(dir, 'control', 'admin.sock');
    expect(existsSync(socket)).toBe(true);
    expect((await stat(path.dirname(socket))).mode & 0o777).toBe(0o700);
    const args = ['--email', 'Live-Admin@Example.org', '--password', 'Strong-Admin-Pass-2'];
    const first = run('src/cli/create-admin.ts', args, { DATA_DIR: dir });
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Created the staff account live-admin@example.org.');
    expect(await signInAsStaff(server.port, 'live-admin@example.org', 'Strong-Admin-Pass-2')).toEqual({
      status: 200,
      staff: true,
    });
    const weak = run('src/cli/create-admin.ts', ['--email', 'a@b.org', '--password', '12345678'], {
      DATA_DIR: dir,
    });
    expect(await weak.exited).toBe(1);
    expect(oneLine(weak.output())).toMatch(/^The password is not accepted: This password is too common\./);
    // Nothing but the socket creates staff: the same request sent to the HTTP port is not a route.
    const overHttp = await fetch(`http://127.0.0.1:${server.port}/`, {
      method: 'POST',
      body: `${JSON.stringify({ command: 'create-staff', email: 'x@example.org', password: 'Strong-Admin-Pass-3' })}\n`,
    });
    expect(overHttp.status).toBeGreaterThanOrEqual(400);
    expect((await signInAsStaff(server.port, 'x@example.org', 'Strong-Admin-Pass-3')).status).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(socket)).toBe(false);
    // With the server stopped the command opens the database itself, and the server finds the change.
    const again = run('src/cli/create-admin.ts', [...args.slice(0, 2), '--password', 'Strong-Admin-Pass-4'], {
      DATA_DIR: dir,
    });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('Updated the staff account live-admin@example.org.');
    const restarted = await startServer({ DATA_DIR: dir });
    expect(await signInAsStaff(restarted.port, 'live-admin@example.org', 'Strong-Admin-Pass-4')).toEqual({
      status: 200,
      staff: true,
    });
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });

  it('starts from the production build', { timeout: 120_000 }, async () => {
    const build = spawn(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0);
    const server = await startServer({ DATA_DIR: path.join(dataDir, 'built') }, 'dist/main.js');
    const stats = await (await fetch(`http://127.0.0.1:${server.port}/api/stats/public/`)).json();
    expect(stats).toEqual({ categories_count: 0, cards_count: 0 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The worker's bundle loads too: it gets as far as asking for PostgreSQL.
    const worker = run('dist/worker.js', [], { DATA_DIR: path.join(dataDir, 'built') });
    expect(await worker.exited).toBe(1);
    expect(oneLine(worker.output())).toMatch(/^The worker needs PostgreSQL/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the server process on PostgreSQL', () => {
  let database: TestDatabase;
  let relay: TcpRelay;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    relay = await startTcpRelay(database.url!);
    dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-outage-'));
  });
  afterAll(async () => {
    await relay.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After on every route while the database is down, and recovers by itself', {
    timeout: 120_000,
  }, async () => {
    // The server runs the job queue too, whose polling meets the outage as well.
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: relay.url, RUN_JOBS: 'true' });
    const base = `http://127.0.0.1:${server.port}`;
    const user = await buildUser(database.db, { password: PASSWORD });
    const login = () =>
      fetch(`${base}/api/user/jwt/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      });
    const { access } = (await (await login()).json()) as { access: string };
    const auth = { authorization: `JWT ${access}` };
    const calls: [string, () => Promise<Response>][] = [
      ['public stats', () => fetch(`${base}/api/stats/public/`)],
      ['sign in', login],
      ['own profile', () => fetch(`${base}/api/user/users/me/`, { headers: auth })],
      ['own categories', () => fetch(`${base}/api/card/category/`, { headers: auth })],
      [
        'new category',
        () =>
          fetch(`${base}/api/card/category/`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'During the outage', type_of_cards: 'text' }),
          }),
      ],
    ];
    const round = () =>
      Promise.all(
        calls.map(async ([name, call]) => {
          const response = await call().catch((error: Error) => {
            throw new Error(
              `${name}: ${error.message} ${error.cause}; server: ${server.output().slice(-3000)}`,
            );
          });
          return {
            name,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body: await response.text(),
          };
        }),
      );
    for (const answer of await round()) expect(answer.status, answer.name).toBeLessThan(300);

    // Down for longer than the pool waits for a connection (5 s), with requests all along.
    await relay.cut();
    const answers: Awaited<ReturnType<typeof round>> = [];
    const downUntil = Date.now() + 8000;
    while (Date.now() < downUntil) {
      answers.push(...(await round()));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const failed = answers.filter((answer) => answer.status >= 500);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) {
      expect({ name: answer.name, status: answer.status, retryAfter: answer.retryAfter }).toEqual({
        name: answer.name,
        status: 503,
        retryAfter: '5',
      });
      expect(JSON.parse(answer.body)).toEqual({
        detail: 'The service is temporarily unavailable.',
        code: 'service_unavailable',
      });
    }
    // Every one of them needs the database.
    expect(new Set(failed.map((answer) => answer.name))).toEqual(
      new Set(['public stats', 'sign in', 'own profile', 'own categories', 'new category']),
    );

    await relay.restore();
    const deadline = Date.now() + 20_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      recovered = (await round()).every((answer) => answer.status < 300);
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
    // Nor did the job queue's failures during the outage end the process.
    expect(server.child.exitCode).toBe(null);
    expect(server.output()).not.toMatch(/unhandled|uncaught/i);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('creates a staff account beside a running server, with no socket', { timeout: 120_000 }, async () => {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url! });
    const cli = run(
      'src/cli/create-admin.ts',
      ['--email', 'pg-admin@example.org', '--password', 'Strong-Admin-Pass-5'],
      {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
      },
    );
    expect(await cli.exited).toBe(0);
    expect(cli.output()).toContain('Created the staff account pg-admin@example.org.');
    expect(await signInAsStaff(server.port, 'pg-admin@example.org', 'Strong-Admin-Pass-5')).toEqual({
      status: 200,
      staff: true,
    });
    expect(existsSync(path.join(dataDir, 'control'))).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the job worker on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'flashcards-worker-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends the mail a killed worker was sending within a minute of the next start', {
    timeout: 150_000,
  }, async () => {
    const mail = await startMailServer();
    // The first mail gets stuck in the SMTP exchange, so that its job is running when the worker dies.
    mail.stall();
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, SMTP_URL: mail.url };
    const worker = await startWorker(env);

    // Queued as the server queues them, from another process.
    const queue = createTestJobQueue(database);
    registerMailJobs(queue, {
      mailer: {
        send: () => Promise.reject(new Error('this process only queues mails')),
        close: () => {},
      },
    });
    await queue.start({ work: false });
    const addresses = ['first@example.com', 'second@example.com', 'third@example.com'];
    for (const to of addresses) {
      await queueMail(queue, { to, subject: `For ${to}`, text: 'Welcome', html: '<p>Welcome</p>' });
    }
    await queue.stop();
    const active = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as count from pgboss.job where name = 'mail.send' and state = 'active'`,
        )) as unknown as { rows: { count: number }[] }
      ).rows[0]!.count;
    const deadline = Date.now() + 30_000;
    while ((await active()) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await active()).toBe(1);

    worker.child.kill('SIGKILL');
    await worker.exited;
    mail.answer();
    const restarted = await startWorker(env);
    const startedAt = Date.now();
    try {
      for (const to of addresses) {
        const left = 60_000 - (Date.now() - startedAt);
        expect((await mail.nextTo(to, Math.max(left, 0))).subject).toBe(`For ${to}`);
      }
      expect(Date.now() - startedAt).toBeLessThan(60_000);
      expect(mail.messages).toHaveLength(3);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
      await mail.close();
    }
  });
});
