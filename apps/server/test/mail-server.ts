import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received mail as written to the folder of `startMailServer({ dir })`: one JSON file per message. */
export type CaughtMail = { to: string[]; subject: string; text: string; html: string };

export type MailServer = {
  url: string;
  messages: Email[];
  /** Waits for the next message to this address (resolves with messages already received too). */
  nextTo: (address: string, timeoutMs?: number) => Promise<Email>;
  close: () => Promise<void>;
  /** Until `answer()`, messages are read and never acknowledged: the sender waits, as on a stuck server. */
  stall: () => void;
  answer: () => void;
};

/** Writes the mail into `dir` for readers in other processes (the end-to-end tests). */
const writeCaught = async (dir: string, email: Email) => {
  const mail: CaughtMail = {
    to: (email.to ?? []).flatMap((address) => (address.address ? [address.address.toLowerCase()] : [])),
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
  };
  const name = `${Date.now()}-${randomUUID()}.json`;
  // Written under another name first, so that a reader never sees half a file.
  await writeFile(path.join(dir, `.${name}`), JSON.stringify(mail));
  await rename(path.join(dir, `.${name}`), path.join(dir, name));
};

/**
 * A real SMTP server on a local port that keeps every message it receives, parsed; with `dir`, it also
 * writes each one there as a JSON file (CaughtMail) before acknowledging it.
 */
export const startMailServer = async ({
  port = 0,
  dir,
}: {
  /** 0 takes a free port; the end-to-end tests give a fixed one. */
  port?: number;
  dir?: string;
} = {}): Promise<MailServer> => {
  if (dir) await mkdir(dir, { recursive: true });
  const messages: Email[] = [];
  const taken = new Set<Email>();
  let stalled = false;
  const receive = async (raw: Buffer) => {
    const email = await PostalMime.parse(raw);
    if (dir) await writeCaught(dir, email);
    messages.push(email);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stalled) return;
        receive(Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: boundPort } = server.server.address() as { port: number };

  const nextTo = async (address: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find((m) => !taken.has(m) && m.to?.some((to) => to.address === address));
      if (found) {
        taken.add(found);
        return found;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
  };

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    nextTo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    stall: () => {
      stalled = true;
    },
    answer: () => {
      stalled = false;
    },
  };
};

/** The first link of a mail's text that starts with the given prefix. */
export const linkIn = (mail: Email, prefix: string): string => {
  const link = mail.text?.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return link;
};
