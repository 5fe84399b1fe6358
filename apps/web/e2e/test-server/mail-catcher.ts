import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received mail as the catcher stores it: one JSON file per message. */
export type CaughtMail = { to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP server on a local port that writes every message it receives, parsed, as a JSON file into
 * `dir`, where the tests (in other processes) read it.
 */
export async function startMailCatcher({ port, dir }: { port: number; dir: string }) {
  await mkdir(dir, { recursive: true });
  const store = async (raw: Buffer) => {
    const email = await PostalMime.parse(raw);
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

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        store(Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
