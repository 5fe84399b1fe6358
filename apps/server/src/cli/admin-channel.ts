import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { translateMessage } from '../lib/translate';
import type { Services } from '../services';

/**
 * The command line's way into a running server on the embedded database, which allows one process per
 * data directory: a unix socket in a folder of the data directory that only the server's own system user
 * may enter (0700). It is never a network address, so nothing reachable from the network can create a
 * staff account; whoever can open it could read the database files anyway. On PostgreSQL the command
 * line opens the database itself and no socket is made.
 */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'admin.sock');

const request = z.object({
  command: z.literal('create-staff'),
  email: z.email(),
  password: z.string().min(1),
});
export type AdminRequest = z.infer<typeof request>;

const answer = z.union([
  z.object({ created: z.boolean(), email: z.string() }),
  z.object({ problems: z.array(z.string()) }),
  z.object({ error: z.string() }),
]);
export type AdminAnswer = z.infer<typeof answer>;

/** What the command asks, done in this process: the same answer whether asked directly or through the socket. */
export const createStaff = async (
  auth: Services['auth'],
  email: string,
  password: string,
): Promise<AdminAnswer> => {
  const result = await auth.createStaff(email, password);
  if ('problems' in result)
    return { problems: (result.problems ?? []).map((p) => translateMessage('en', p)) };
  return { created: result.created, email: result.user.email };
};

const maxRequestBytes = 16 * 1024;

/** Reads one line of JSON, at most `maxRequestBytes`, within `ms`. */
const readLine = (socket: Socket, ms: number) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, end));
      } else if (text.length > maxRequestBytes) {
        clearTimeout(timer);
        reject(new Error('too large'));
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      reject(new Error('closed'));
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

export type AdminChannel = { close: () => Promise<void> };

/**
 * Opens the socket for the lifetime of a server that holds the data directory's lock (so an old socket
 * file left by a crash is its to replace). Without unix sockets (Windows) or where the path is too long
 * for one, the server runs without it and the command line asks to stop the server first.
 */
export const openAdminChannel = async (
  dataDir: string,
  auth: Services['auth'],
  log: FastifyBaseLogger,
): Promise<AdminChannel | undefined> => {
  if (process.platform === 'win32') return undefined;
  const file = adminSocketPath(dataDir);
  const dir = path.dirname(file);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!(await lstat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
    await chmod(dir, 0o700);
    await rm(file, { force: true });
  } catch (error) {
    log.warn({ err: error }, 'no command-line channel: its folder cannot be prepared');
    return undefined;
  }
  const server = createServer((socket) => {
    socket.on('error', () => {});
    readLine(socket, 10_000)
      .then(async (line) => {
        const parsed = request.safeParse(JSON.parse(line));
        if (!parsed.success) return { error: 'The request is not understood.' };
        const { email, password } = parsed.data;
        const result = await createStaff(auth, email.trim().toLowerCase(), password);
        if ('created' in result) log.info({ email: result.email }, 'staff account set from the command line');
        return result;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'command-line request failed');
        return { error: 'The server could not do it; its log says why.' };
      })
      .then((result) => socket.end(`${JSON.stringify(result)}\n`));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    log.warn({ err: error }, 'no command-line channel: the socket cannot be opened');
    return undefined;
  }
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(file, { force: true });
    },
  };
};

/**
 * Asks the server running on `dataDir`, if one listens there: its answer, or undefined when no server
 * does (no socket, or one a stopped server left behind).
 */
export const askServer = (dataDir: string, message: AdminRequest) =>
  new Promise<AdminAnswer | undefined>((resolve, reject) => {
    const socket = connect(adminSocketPath(dataDir));
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(60_000, () => socket.destroy(new Error('The server did not answer within a minute.')));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(message)}\n`);
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(answer.parse(JSON.parse(text)));
      } catch {
        reject(new Error('The server gave an answer that cannot be read.'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(error);
    });
  });
