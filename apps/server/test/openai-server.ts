import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat API for tests: it answers `POST /v1/chat/completions` with what the test
 * queued (a message's content, an error status, or no answer at all until the client gives up), and
 * keeps every request it received.
 */
export type ProviderAnswer = { content: string } | { status: number } | { hang: true };

export type ChatRequest = {
  model: string;
  messages: {
    role: string;
    content: string | { type: string; text?: string; image_url?: { url: string } }[];
  }[];
  response_format?: { type: string; json_schema?: { name: string; schema: object } };
};

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
};

/** A model's answer holding these cards, as the JSON the schema asks for. */
export const cardsAnswer = (cards: { question: string; answer: string; tag?: string }[]): ProviderAnswer => ({
  content: JSON.stringify({ cards: cards.map((card) => ({ tag: '', ...card })) }),
});

export const startOpenAiServer = async () => {
  const answers: ProviderAnswer[] = [];
  const requests: ChatRequest[] = [];
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    requests.push(await bodyOf(request));
    const answer = answers.shift() ?? { status: 500 };
    if ('hang' in answer) return;
    if ('status' in answer) {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'provider failure', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: requests.at(-1)!.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    /** Queues the next answers, in order. */
    answer: (...next: ProviderAnswer[]) => answers.push(...next),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;
