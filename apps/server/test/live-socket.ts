import {
  LIVE_SOCKET_PATH,
  type LiveHostState,
  type LivePlayerState,
  type LiveServerMessage,
} from '@flashcards/contract';
import type { App } from '../src/app';

type StateMessage = Extract<LiveServerMessage, { type: 'state' }>;

/**
 * A client of the live game's socket on an app in this process: what it sends, and the messages it got
 * in order. `next` takes the first message not taken yet that matches, dropping those before it, or waits
 * for one.
 */
export const openLiveSocket = async (app: App) => {
  const socket = await app.injectWS(LIVE_SOCKET_PATH);
  const inbox: LiveServerMessage[] = [];
  let waiting: {
    matches: (message: LiveServerMessage) => boolean;
    resolve: (message: LiveServerMessage) => void;
  } | null = null;
  const take = () => {
    if (!waiting) return;
    const index = inbox.findIndex(waiting.matches);
    if (index < 0) return;
    const [message] = inbox.splice(0, index + 1).slice(-1);
    const { resolve } = waiting;
    waiting = null;
    resolve(message!);
  };
  socket.on('message', (data) => {
    inbox.push(JSON.parse(String(data)) as LiveServerMessage);
    take();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

  const next = (matches: (message: LiveServerMessage) => boolean = () => true) =>
    new Promise<LiveServerMessage>((resolve) => {
      waiting = { matches, resolve };
      take();
    });

  return {
    socket,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next,
    /** The next error message. */
    error: async () =>
      (await next((message) => message.type === 'error')) as Extract<LiveServerMessage, { type: 'error' }>,
    /** The next state pushed that matches, as the host sees it. */
    host: async (matches: (state: LiveHostState, message: StateMessage) => boolean = () => true) =>
      (
        (await next(
          (message) =>
            message.type === 'state' && message.state.role === 'host' && matches(message.state, message),
        )) as StateMessage
      ).state as LiveHostState,
    /** The next state pushed that matches, as a player sees it. */
    player: async (matches: (state: LivePlayerState, message: StateMessage) => boolean = () => true) =>
      (
        (await next(
          (message) =>
            message.type === 'state' && message.state.role === 'player' && matches(message.state, message),
        )) as StateMessage
      ).state as LivePlayerState,
    /** Every message received and not taken yet. */
    pending: () => [...inbox],
    closed,
    close: () => socket.terminate(),
  };
};

export type LiveSocket = Awaited<ReturnType<typeof openLiveSocket>>;
