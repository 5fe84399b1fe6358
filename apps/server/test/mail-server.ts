import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export type MailServer = {
  url: string;
  messages: Email[];
  /** Waits for the next message to this address (resolves with messages already received too). */
  nextTo: (address: string, timeoutMs?: number) => Promise<Email>;
  close: () => Promise<void>;
};

/** A real SMTP server on a free local port that keeps every message it receives, parsed. */
export const startMailServer = async (): Promise<MailServer> => {
  const messages: Email[] = [];
  const taken = new Set<Email>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push(email);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

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
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextTo,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/** The first link of a mail's text that starts with the given prefix. */
export const linkIn = (mail: Email, prefix: string): string => {
  const link = mail.text?.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in: ${mail.text}`);
  return link;
};
