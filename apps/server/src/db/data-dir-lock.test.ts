import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DataDirLock, DataDirLockedError, lockDataDir, lockPath } from './data-dir-lock';

const serverDir = path.resolve(import.meta.dirname, '../..');
const fixture = 'test/fixtures/hold-data-dir-lock.ts';
// The shortest times proper-lockfile allows, so that a test waits seconds, not the server's ten.
const staleMs = 2_000;
const updateMs = 1_000;
const options = {
  staleMs,
  updateMs,
  onLost: (error: Error) => {
    throw error;
  },
};

type Holder = { child: ChildProcess; pid: number; output: () => string; exited: Promise<number | null> };

/** Starts a process (the fixture, or a shell around it) and waits until the fixture holds the lock. */
const startHolder = async (command: string, args: string[]): Promise<Holder> => {
  let output = '';
  const child = spawn(command, args, { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const pid = output.match(/locked (\d+)/)?.[1];
    if (pid) return { child, pid: Number(pid), output: () => output, exited };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no lock taken: ${output}`);
    await sleep(50);
  }
};

const holdLock = (dir: string, ...extra: string[]) =>
  startHolder(process.execPath, [
    '--import',
    'tsx',
    fixture,
    dir,
    String(staleMs),
    String(updateMs),
    ...extra,
  ]);

/** The state letter of a process in /proc (Z: a zombie, dead but not reaped), when Linux tells. */
const processState = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').match(/\) (\S)/)?.[1];
  } catch {
    return undefined;
  }
};

describe('the data directory lock', () => {
  let root: string;
  let dir: string;
  const held: DataDirLock[] = [];
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'flashcards-lock-'));
  });
  afterEach(async () => {
    for (const lock of held.splice(0)) await lock.release();
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const freshDir = async (name: string) => {
    dir = path.join(root, name);
    await mkdir(dir, { recursive: true });
    return dir;
  };
  const take = async () => {
    const lock = await lockDataDir(dir, options);
    held.push(lock);
    return lock;
  };

  it('takes over the lock of a holder killed with SIGKILL, each time within the stale time', {
    timeout: 90_000,
  }, async () => {
    await freshDir('crashes');
    for (let round = 0; round < 5; round++) {
      const holder = await holdLock(dir);
      children.push(holder.child);
      // Killed, and not waited for: the next start may run before the dead process is reaped.
      holder.child.kill('SIGKILL');
      const started = Date.now();
      const lock = await take();
      expect(Date.now() - started, `round ${round}`).toBeLessThan(staleMs + 2_000);
      await holder.exited;
      await lock.release();
      expect(existsSync(lockPath(dir))).toBe(false);
    }
  });

  it('takes over the lock of a holder that died but was not reaped (a zombie)', {
    timeout: 60_000,
  }, async () => {
    await freshDir('zombie');
    // The shell becomes `sleep`, which never reaps the holder it started: killed, the holder stays a zombie.
    const shell = await startHolder('sh', [
      '-c',
      `"${process.execPath}" --import tsx ${fixture} "${dir}" ${staleMs} ${updateMs} & exec sleep 60`,
    ]);
    children.push(shell.child);
    process.kill(shell.pid, 'SIGKILL');
    const deadline = Date.now() + 5_000;
    while (existsSync('/proc') && processState(shell.pid) !== 'Z' && Date.now() < deadline) await sleep(20);
    if (existsSync('/proc')) expect(processState(shell.pid)).toBe('Z');
    // A zombie still answers kill(pid, 0), which the lock no longer asks.
    expect(() => process.kill(shell.pid, 0)).not.toThrow();

    const started = Date.now();
    await take();
    expect(Date.now() - started).toBeLessThan(staleMs + 2_000);
  });

  it('trusts no pid: a lock naming a live process that is not a server does not block a start', {
    timeout: 30_000,
  }, async () => {
    await freshDir('pids');
    // The pid file of earlier versions, naming this test's parent, then pid 1: both alive, neither a server.
    for (const pid of [process.ppid, 1]) {
      await writeFile(path.join(dir, 'server.lock'), String(pid));
      const started = Date.now();
      const lock = await take();
      expect(Date.now() - started).toBeLessThan(1_000);
      await lock.release();
    }
    // A lock left by a process that is gone (a copy of the directory, a restore) is taken over once stale.
    await mkdir(lockPath(dir));
    const started = Date.now();
    await take();
    expect(Date.now() - started).toBeLessThan(staleMs + 2_000);
  });

  it('refuses a second holder while the first lives, as soon as it sees the lock refreshed', {
    timeout: 30_000,
  }, async () => {
    await freshDir('live');
    const holder = await holdLock(dir);
    children.push(holder.child);
    const started = Date.now();
    const refused = await lockDataDir(dir, options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toBe(
      `The data directory ${dir} is in use by another server process; stop it or choose another DATA_DIR.`,
    );
    expect(Date.now() - started).toBeLessThan(staleMs);

    // The holder keeps its lock and keeps it fresh.
    const before = (await stat(lockPath(dir))).mtimeMs;
    await sleep(updateMs * 2);
    expect((await stat(lockPath(dir))).mtimeMs).toBeGreaterThan(before);
    expect(holder.child.exitCode).toBeNull();
  });

  it('stops a holder whose event loop stood still past the stale time and lost its lock', {
    timeout: 30_000,
  }, async () => {
    await freshDir('stalled');
    const holder = await holdLock(dir, '6000');
    children.push(holder.child);
    // The stalled holder refreshes nothing, so its lock looks abandoned and is taken over.
    await take();
    expect(await holder.exited).toBe(3);
    expect(holder.output()).toContain('lost');
    expect(existsSync(lockPath(dir))).toBe(true);
  });
});
