import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GivenAnswer } from './answer-queue';
import { AnswerQueue } from './answer-queue';

/** A server whose answers to each save the test decides, in order. */
function fakeServer() {
  const calls: {
    question: number;
    answer: GivenAnswer;
    resolve: () => void;
    reject: (e: unknown) => void;
  }[] = [];
  const saved = new Map<number, GivenAnswer>();
  const send = (question: number, answer: GivenAnswer) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        question,
        answer,
        resolve: () => {
          saved.set(question, answer);
          resolve();
        },
        reject,
      });
    });
  return { calls, saved, send };
}

const offline = { status: 0 };
const refused = { status: 403 };
const isRefusal = (error: unknown) => (error as { status: number }).status === 403;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('the answer queue', () => {
  it('saves an answer at once and shows it saving, then saved', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    queue.give(11, 'b');
    expect(server.calls.map(({ question, answer }) => [question, answer])).toEqual([[11, 'b']]);
    expect(queue.snapshot().overall).toBe('saving');
    expect(queue.snapshot().answers.get(11)).toBe('b');
    server.calls[0]?.resolve();
    await flush();
    expect(queue.snapshot().overall).toBe('saved');
    expect(queue.unsaved()).toBe(0);
  });

  it('keeps a failed answer and sends it again when the connection is back, never losing it', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    queue.give(11, 'a');
    server.calls[0]?.reject(offline);
    await flush();
    expect(queue.snapshot().overall).toBe('retrying');
    expect(queue.snapshot().states.get(11)).toBe('retrying');
    expect(queue.unsaved()).toBe(1);

    // Another answer while offline fails too; both wait.
    queue.give(12, 'c');
    server.calls[1]?.reject(offline);
    await flush();
    expect(queue.unsaved()).toBe(2);

    const drained = queue.drained();
    queue.retry();
    expect(server.calls.slice(2).map(({ question, answer }) => [question, answer])).toEqual([
      [11, 'a'],
      [12, 'c'],
    ]);
    server.calls[2]?.resolve();
    server.calls[3]?.resolve();
    await drained;
    expect([...server.saved]).toEqual([
      [11, 'a'],
      [12, 'c'],
    ]);
    expect(queue.snapshot().overall).toBe('saved');
  });

  it('sends one save per question at a time, and the latest answer wins', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    queue.give(11, 'a');
    queue.give(11, 'b');
    queue.give(11, 'd');
    expect(server.calls).toHaveLength(1);
    server.calls[0]?.resolve();
    await flush();
    expect(server.calls.map(({ answer }) => answer)).toEqual(['a', 'd']);
    expect(queue.snapshot().states.get(11)).toBe('saving');
    server.calls[1]?.resolve();
    await flush();
    expect(server.saved.get(11)).toBe('d');
    expect(queue.snapshot().states.get(11)).toBe('saved');
  });

  it('an answer changed after a failure is the one sent again', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    queue.give(11, 'a');
    server.calls[0]?.reject(offline);
    await flush();
    queue.give(11, 'c');
    expect(server.calls.map(({ answer }) => answer)).toEqual(['a', 'c']);
    server.calls[1]?.resolve();
    await flush();
    expect(server.saved.get(11)).toBe('c');
    expect(queue.unsaved()).toBe(0);
  });

  it('stops on a refusal of the server and sends nothing more', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    queue.give(11, 'a');
    server.calls[0]?.reject(refused);
    await flush();
    expect(queue.snapshot().refusal).toBe(refused);
    queue.give(12, 'b');
    queue.retry();
    expect(server.calls).toHaveLength(1);
    await queue.drained();
  });

  it('sends a typed answer once the student pauses, or at once when flushed or drained', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal });
    for (const text of ['M', 'Mu', 'Mus']) {
      queue.give(7, text, { pauseMs: 600 });
      vi.advanceTimersByTime(599);
    }
    expect(server.calls).toEqual([]);
    expect(queue.snapshot().answers.get(7)).toBe('Mus');
    expect(queue.snapshot().states.get(7)).toBe('saving');
    vi.advanceTimersByTime(1);
    expect(server.calls.map(({ answer }) => answer)).toEqual(['Mus']);
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // Left the field: sent without waiting.
    queue.give(7, 'Musa', { pauseMs: 600 });
    queue.flush();
    expect(server.calls.map(({ answer }) => answer)).toEqual(['Mus', 'Musa']);
    server.calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // Finished right after typing: the last text goes before the queue counts as drained.
    queue.give(7, 'Musala', { pauseMs: 600 });
    let drained = false;
    void queue.drained().then(() => {
      drained = true;
    });
    expect(server.calls.map(({ answer }) => answer)).toEqual(['Mus', 'Musa', 'Musala']);
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toBe(false);
    server.calls[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toBe(true);
    expect(server.saved.get(7)).toBe('Musala');
    vi.advanceTimersByTime(600);
    expect(server.calls).toHaveLength(3);
  });

  it('starts from the answers the server has', () => {
    const server = fakeServer();
    const queue = new AnswerQueue({ send: server.send, isRefusal, initial: [[11, 'b']] });
    expect(queue.snapshot().answers.get(11)).toBe('b');
    expect(queue.snapshot().overall).toBe('saved');
    queue.give(11, 'b');
    expect(server.calls).toHaveLength(0);
  });
});
