import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The bench measures the bundle production runs; it is rebuilt first so that it matches the sources. */
export const buildServer = () => {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the server failed');
};

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Starts a script of dist/ as production would, its log going to a file (as it would on a server) rather
 * than through a pipe into this process, which is busy generating the load; resolves once `ready` says
 * so, checked every 250 ms until the time runs out.
 */
const launch = async (
  name: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  ready: () => Promise<boolean>,
  seconds: number,
) => {
  const log = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the ${name} exited with code ${child.exitCode}; see ${logFile}`);
    if (await ready()) return { pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the ${name} did not become ready; see ${logFile}`);
};

/** Starts dist/main.js on a free port. */
export const startServer = async (
  env: Record<string, string>,
  logFile: string,
  nodeArgs: string[] = [],
): Promise<RunningServer> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const listening = async () => {
    try {
      return (await fetch(`${url}/api/ready`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  const serverEnv = { HOST: '127.0.0.1', PORT: String(port), ...env };
  return {
    url,
    ...(await launch('server', [...nodeArgs, 'dist/main.js'], serverEnv, logFile, listening, 120)),
  };
};

/** Starts dist/worker.js (PostgreSQL only) beside a server started with RUN_JOBS=false. */
export const startWorker = async (env: Record<string, string>, logFile: string): Promise<RunningServer> => {
  const working = async () => readFileSync(logFile, 'utf8').includes('Working the job queue');
  return { url: '', ...(await launch('worker', ['dist/worker.js'], env, logFile, working, 60)) };
};

/**
 * The CPU time a process has used so far, in milliseconds (Linux: /proc/<pid>/stat counts it in ticks
 * of 10 ms); undefined where that cannot be read.
 */
export const cpuMillisOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};
