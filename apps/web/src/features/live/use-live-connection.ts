import type {
  LiveClientMessage,
  LiveHostState,
  LivePlayerState,
  LiveServerMessage,
} from '@flashcards/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverOffset } from './live-clock';
import { type ConnectionStatus, LiveConnection, liveSocketUrl } from './live-connection';

/** The state shown, with the offset that turns this device's clock into the server's. */
export type LiveView<S> = { state: S; offset: number };

type Other = Exclude<LiveServerMessage, { type: 'state' }>;

export interface LiveControls {
  /** Sends a message; false when there is no connection to send it on. */
  send: (message: LiveClientMessage) => boolean;
  /** Closes the connection for good (the game is over for this screen). */
  stop: () => void;
}

/**
 * A game's connection for a screen while `session` is not null: a new session (a game, a join) opens a
 * new connection, which keeps itself open until stopped. States replace the view; the other messages go to
 * `onMessage`. A page coming back to the foreground or a network coming back retries at once.
 */
export function useLiveConnection<S extends LiveHostState | LivePlayerState>({
  session,
  hello,
  onMessage,
}: {
  session: string | number | null;
  hello: () => LiveClientMessage | null | Promise<LiveClientMessage | null>;
  onMessage: (message: Other, controls: LiveControls) => void;
}) {
  const [view, setView] = useState<LiveView<S> | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const connection = useRef<LiveConnection | null>(null);
  const handlers = useRef({ hello, onMessage });
  useEffect(() => {
    handlers.current = { hello, onMessage };
  });

  const send = useCallback((message: LiveClientMessage) => connection.current?.send(message) ?? false, []);
  const stop = useCallback(() => connection.current?.stop(), []);

  useEffect(() => {
    if (session === null) return;
    setView(null);
    setStatus('connecting');
    const controls = { send, stop };
    const current = new LiveConnection({
      url: liveSocketUrl(),
      hello: () => handlers.current.hello(),
      onStatus: setStatus,
      onMessage: (message, receivedAt) => {
        if (message.type === 'state')
          setView({ state: message.state as S, offset: serverOffset(message.now, receivedAt) });
        else handlers.current.onMessage(message, controls);
      },
    });
    connection.current = current;
    current.start();
    const retry = () => {
      if (document.visibilityState === 'visible') current.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      current.stop();
      if (connection.current === current) connection.current = null;
    };
  }, [session, send, stop]);

  return { view, status, send, stop };
}
