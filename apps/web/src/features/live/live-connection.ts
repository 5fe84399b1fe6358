import {
  LIVE_SOCKET_PATH,
  type LiveClientMessage,
  type LiveServerMessage,
  liveServerMessageSchema,
} from '@flashcards/contract';

/** Where the game's socket is, on this page's own host. */
export const liveSocketUrl = (location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`;

const FIRST_DELAY_MS = 500;
const LONGEST_DELAY_MS = 15_000;

/**
 * How long to wait before the given retry (0 for the first) of a socket that closed: doubling from half a
 * second up to 15 s, each wait drawn between half and all of that, so that a classroom whose network came
 * back does not knock all at once.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
};

/** Whether a state of this revision may replace the one shown: never an older one arriving late. */
export const isCurrentRevision = (revision: number, shown: number | null): boolean =>
  shown === null || revision >= shown;

/** The server's message in a frame, or null for anything the contract does not describe. */
export const readServerMessage = (data: unknown): LiveServerMessage | null => {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveServerMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
};

/** `connecting` before the first state, `connected` once states come, `reconnecting` after a drop. */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'stopped';

/** What the connection uses of a WebSocket (the browser's, or a test's stand-in). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

const OPEN = 1;

export interface LiveConnectionOptions {
  url: string;
  /**
   * The first message of every socket, asked anew each time (a player's token arrives after joining, an
   * access token may have been renewed); null ends the connection.
   */
  hello: () => LiveClientMessage | null | Promise<LiveClientMessage | null>;
  /** Every message but the states older than one already passed on; with this device's time of arrival. */
  onMessage: (message: LiveServerMessage, receivedAt: number) => void;
  onStatus: (status: ConnectionStatus) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
  now?: () => number;
}

/**
 * One game's socket, kept open: when it closes unexpectedly a new one opens after a growing delay and
 * introduces itself again with `hello`. States arriving out of order are dropped by their revision.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  private shownRevision: number | null = null;
  private status: ConnectionStatus = 'connecting';

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    this.open();
  }

  /** Sends a message on the open socket; false while there is none (the caller says it was not sent). */
  send(message: LiveClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.status !== 'connected') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Closes for good: nothing reconnects. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setStatus('stopped');
  }

  /** Tries at once rather than at the end of the wait (the network came back, the phone woke up). */
  retryNow(): void {
    if (this.stopped || this.timer === null) return;
    this.clearTimer();
    this.open();
  }

  private open(): void {
    const { createSocket = (url) => new WebSocket(url), url } = this.options;
    const socket = createSocket(url);
    this.socket = socket;
    socket.onopen = async () => {
      const hello = await this.options.hello();
      if (socket !== this.socket) return;
      if (!hello) {
        this.stop();
        return;
      }
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      const message = readServerMessage(event.data);
      if (!message) return;
      if (message.type === 'state') {
        if (!isCurrentRevision(message.revision, this.shownRevision)) return;
        this.shownRevision = message.revision;
        this.attempt = 0;
        this.setStatus('connected');
      }
      this.options.onMessage(message, (this.options.now ?? Date.now)());
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      if (!this.stopped) this.scheduleRetry();
    };
    // A failed socket closes next; the retry is scheduled there.
    socket.onerror = () => undefined;
  }

  private scheduleRetry(): void {
    this.setStatus('reconnecting');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
