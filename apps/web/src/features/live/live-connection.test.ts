import type { LiveClientMessage, LiveServerMessage } from '@flashcards/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ConnectionStatus,
  isCurrentRevision,
  LiveConnection,
  liveSocketUrl,
  readServerMessage,
  reconnectDelay,
  type SocketLike,
} from './live-connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  opened() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  dropped() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}

const hostState = (revision: number) => ({
  type: 'state',
  revision,
  now: '2026-11-28T10:00:00.000Z',
  state: {
    role: 'host',
    game: {
      id: 7,
      title: 'Capitals',
      phase: 'lobby',
      question: null,
      questions_count: 3,
      question_seconds: 20,
      teams: 0,
      code: '123456',
      streak_bonus: false,
      max_players: 1000,
    },
    players: [],
    question: null,
    teams: [],
  },
});

describe('the reconnect delay', () => {
  it('doubles from half a second to at most 15 s, drawn between half and all of it', () => {
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(1, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(10, () => 1)).toBe(15_000);
    expect(reconnectDelay(10, () => 0)).toBe(7500);
  });
});

describe('the revision order', () => {
  it('passes the first state, the same revision and newer ones, never an older one', () => {
    expect(isCurrentRevision(3, null)).toBe(true);
    expect(isCurrentRevision(3, 3)).toBe(true);
    expect(isCurrentRevision(4, 3)).toBe(true);
    expect(isCurrentRevision(2, 3)).toBe(false);
  });
});

describe('reading a frame', () => {
  it('takes the messages the contract describes and nothing else', () => {
    expect(readServerMessage(JSON.stringify({ type: 'answered', question: 0, choice: 2 }))).toEqual({
      type: 'answered',
      question: 0,
      choice: 2,
    });
    expect(readServerMessage('{not json')).toBeNull();
    expect(readServerMessage(JSON.stringify({ type: 'party' }))).toBeNull();
    expect(readServerMessage(new ArrayBuffer(2))).toBeNull();
  });

  it('builds the socket address from the page’s', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'cards.example.org' })).toBe(
      'wss://cards.example.org/api/live/socket/',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/live/socket/',
    );
  });
});

describe('the connection', () => {
  let sockets: FakeSocket[];
  let messages: LiveServerMessage[];
  let statuses: ConnectionStatus[];
  let hello: () => LiveClientMessage | null;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    messages = [];
    statuses = [];
    hello = () => ({ type: 'resume', token: 'abc' });
  });
  afterEach(() => vi.useRealTimers());

  const connect = () => {
    const connection = new LiveConnection({
      url: 'ws://test/api/live/socket/',
      hello: () => hello(),
      onMessage: (message) => messages.push(message),
      onStatus: (status) => statuses.push(status),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
    });
    connection.start();
    return connection;
  };

  it('introduces itself first, then passes the states in revision order', async () => {
    connect();
    sockets[0]!.opened();
    await vi.waitFor(() => expect(sockets[0]!.sent).toEqual([{ type: 'resume', token: 'abc' }]));
    sockets[0]!.receive(hostState(2));
    sockets[0]!.receive(hostState(1));
    sockets[0]!.receive(hostState(3));
    expect(messages.map((message) => message.type === 'state' && message.revision)).toEqual([2, 3]);
    expect(statuses).toEqual(['connected']);
  });

  it('reconnects after a drop with a growing delay and says hello again, with what hello says now', async () => {
    connect();
    sockets[0]!.opened();
    sockets[0]!.receive(hostState(1));
    sockets[0]!.dropped();
    expect(statuses.at(-1)).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // This one fails too: the next wait is twice as long.
    sockets[1]!.dropped();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    hello = () => ({ type: 'resume', token: 'new' });
    sockets[2]!.opened();
    await vi.waitFor(() => expect(sockets[2]!.sent).toEqual([{ type: 'resume', token: 'new' }]));
    // A state older than the one shown before the drop stays out.
    sockets[2]!.receive(hostState(0));
    expect(statuses.at(-1)).toBe('reconnecting');
    sockets[2]!.receive(hostState(4));
    expect(statuses.at(-1)).toBe('connected');
    expect(messages).toHaveLength(2);

    // Connected again: the delay starts over.
    sockets[2]!.dropped();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(4);
  });

  it('sends only while connected', async () => {
    const connection = connect();
    expect(connection.send({ type: 'start' })).toBe(false);
    sockets[0]!.opened();
    sockets[0]!.receive(hostState(1));
    expect(connection.send({ type: 'start' })).toBe(true);
    await vi.waitFor(() => expect(sockets[0]!.sent).toContainEqual({ type: 'start' }));
    sockets[0]!.dropped();
    expect(connection.send({ type: 'next' })).toBe(false);
  });

  it('retries at once when asked, and never after stopping', async () => {
    const connection = connect();
    sockets[0]!.dropped();
    connection.retryNow();
    expect(sockets).toHaveLength(2);
    connection.stop();
    expect(statuses.at(-1)).toBe('stopped');
    sockets[1]!.dropped();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops when there is nothing to say hello with', async () => {
    hello = () => null;
    connect();
    sockets[0]!.opened();
    await vi.waitFor(() => expect(statuses).toEqual(['stopped']));
    expect(sockets[0]!.readyState).toBe(3);
  });
});
