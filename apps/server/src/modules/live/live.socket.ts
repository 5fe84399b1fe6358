import websocket from '@fastify/websocket';
import {
  LIVE_MESSAGE_MAX_BYTES,
  LIVE_SOCKET_PATH,
  type LiveClientMessage,
  type LiveHostState,
  type LiveServerMessage,
  liveClientMessageSchema,
} from '@flashcards/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Actor } from '../../lib/access';
import { ApiError, notAuthenticated } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
import type { Tokens } from '../../lib/tokens';
import type { LiveChange } from './live.bus';
import { snapshotViews } from './live.presenter';
import type { LiveService } from './live.service';

/** Wrong join codes a socket may send before it is closed, and an address a minute. */
const WRONG_CODES_PER_SOCKET = 10;
const WRONG_CODES_PER_ADDRESS = 30;
/** At most one push of a game's state this often: changes arriving meanwhile go out together. */
const PUSH_INTERVAL_MS = 100;
/** A socket that answers no ping for this long is gone (a phone that locked, a dropped network). */
const PING_INTERVAL_MS = 25_000;

type Role =
  | { kind: 'host'; gameId: number; actor: Actor }
  | { kind: 'player'; gameId: number; playerId: number; token: string };

type Connection = {
  socket: WebSocket;
  address: string;
  role: Role | null;
  /** The revision last sent: an older state is never sent after it. */
  revision: number;
  wrongCodes: number;
  alive: boolean;
  /** Its messages are handled one after another, in the order they came. */
  queue: Promise<void>;
};

type GameScreens = {
  connections: Set<Connection>;
  /** A push is under way; what changed meanwhile waits for it. */
  pushing: boolean;
  waiting: LiveChange['kind'] | null;
  /** The question whose closing this process waits for. */
  closing: string | null;
  /** The host's view last pushed here, and its revision: an answer only moves its count. */
  host: { revision: number; state: LiveHostState } | null;
};

type Options = {
  live: LiveService;
  tokens: Tokens;
  activeAccount: (id: number) => Promise<Actor | undefined>;
  pictureUrl: (key: string) => string;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** The message a refusal becomes: its message key, the first key of each field, an HTTP-like status. */
const refusal = (error: ApiError): LiveServerMessage => ({
  type: 'error',
  status: error.statusCode,
  key: error.detail?.key ?? Object.values(error.fields ?? {})[0]?.[0]?.key ?? error.code,
  ...(error.fields
    ? {
        fields: Object.fromEntries(
          Object.entries(error.fields).map(([field, messages]) => [field, messages[0]?.key ?? error.code]),
        ),
      }
    : {}),
});

/** After these refusals the socket has nothing more to do: it is closed. */
const FINAL_KEYS = new Set(['not_found', 'not_authenticated', 'live_removed', 'live_too_many_tries']);

/**
 * The game's socket (docs/live.md "The socket"): who a socket is comes with its first message; every
 * committed change of a game (heard from any process through the live bus) is pushed to the sockets this
 * process holds for it, each cut to its role, the database read once a push.
 */
const createLiveHub = ({ live, tokens, activeAccount, pictureUrl, clock, log }: Options) => {
  const games = new Map<number, GameScreens>();
  const wrongCodesOf = new Map<string, { minute: number; count: number }>();

  const send = (connection: Connection, message: LiveServerMessage) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(JSON.stringify(message));
  };
  const refuse = (connection: Connection, error: unknown) => {
    if (!(error instanceof ApiError)) {
      log.error({ err: error }, 'live socket: a message failed');
      send(connection, { type: 'error', status: 500, key: 'server_error' });
      return;
    }
    const message = refusal(error);
    send(connection, message);
    if (message.type === 'error' && FINAL_KEYS.has(message.key)) connection.socket.close(1000);
  };

  /** The account of an access token, if it is valid and its account active. */
  const accountOf = async (access: string | undefined) => {
    if (!access) return null;
    try {
      const claims = tokens.verify(access, 'access');
      const actor = await activeAccount(claims.user_id);
      return actor && actor.tokenVersion === claims.ver ? actor : null;
    } catch {
      return null;
    }
  };

  /** Waits for the open question's closing time and closes it, in case no other process does. */
  const closeInTime = (
    gameId: number,
    screens: GameScreens,
    game: { phase: string; question: number | null; closesAt: Date | null },
  ) => {
    if (game.phase !== 'question' || !game.closesAt || game.question === null) return;
    const position = game.question;
    const key = `${position}@${game.closesAt.getTime()}`;
    if (screens.closing === key) return;
    screens.closing = key;
    void clock
      .sleep(game.closesAt.getTime() - clock.now().getTime())
      .then(() => live.closeWhenOver(gameId, position))
      .catch((error) => log.warn({ err: error }, 'live socket: closing a question failed'));
  };

  /**
   * Sends a connection its view of a snapshot, unless it has seen a later one (a snapshot read before it
   * joined does not hold it yet); a player no longer in the game is let go.
   */
  const pushTo = (
    connection: Connection,
    screens: GameScreens,
    views: ReturnType<typeof snapshotViews>,
    now: string,
  ) => {
    const { role } = connection;
    if (!role) return;
    const revision = views.game.revision;
    if (revision < connection.revision) return;
    const state = role.kind === 'host' ? views.host() : views.player(role.playerId);
    if (!state) return refuse(connection, new ApiError(404, 'live_removed', { key: 'live_removed' }));
    if (state.role === 'host' && revision >= (screens.host?.revision ?? -1))
      screens.host = { revision, state };
    connection.revision = revision;
    send(connection, { type: 'state', revision, now, state });
  };

  /** An answer moves only the host's count of answers: the count is read, not the whole game. */
  const pushAnswers = async (gameId: number, screens: GameScreens) => {
    const hosts = [...screens.connections].filter((connection) => connection.role?.kind === 'host');
    const last = screens.host;
    if (hosts.length === 0 || !last?.state.question || last.state.game.phase !== 'question') return;
    const answered = await live.answerCount(gameId, last.state.question.position);
    const state = { ...last.state, question: { ...last.state.question, answered } };
    screens.host = { revision: last.revision, state };
    const now = clock.now().toISOString();
    for (const connection of hosts)
      if (last.revision >= connection.revision)
        send(connection, { type: 'state', revision: last.revision, now, state });
  };

  const push = async (gameId: number, screens: GameScreens, kind: LiveChange['kind']) => {
    if (kind === 'answers') return pushAnswers(gameId, screens);
    const snapshot = await live.snapshot(gameId);
    if (!snapshot) return;
    const views = snapshotViews(snapshot, pictureUrl);
    closeInTime(gameId, screens, snapshot.game);
    const now = clock.now().toISOString();
    for (const connection of screens.connections) pushTo(connection, screens, views, now);
  };

  /** Pushes a game's change to its screens here, at most once a `PUSH_INTERVAL_MS`, the latest state each time. */
  const changed = (gameId: number, kind: LiveChange['kind']) => {
    const screens = games.get(gameId);
    if (!screens) return;
    if (screens.pushing) {
      screens.waiting = screens.waiting === 'state' || kind === 'state' ? 'state' : 'answers';
      return;
    }
    screens.pushing = true;
    const run = async (next: LiveChange['kind']) => {
      screens.waiting = null;
      try {
        await push(gameId, screens, next);
      } catch (error) {
        log.error({ err: error }, 'live socket: a push failed');
      }
      setTimeout(() => {
        const waiting = screens.waiting;
        if (waiting && games.get(gameId) === screens) void run(waiting);
        else screens.pushing = false;
      }, PUSH_INTERVAL_MS).unref();
    };
    void run(kind);
  };

  /**
   * A connection becomes a screen of its game and gets the game's state at once. `revision` is the game's
   * when the socket's role was settled (a player's join included): a push read before it is not sent.
   */
  const attach = async (connection: Connection, role: Role, revision: number) => {
    connection.role = role;
    connection.revision = revision;
    let screens = games.get(role.gameId);
    if (!screens) {
      screens = { connections: new Set(), pushing: false, waiting: null, closing: null, host: null };
      games.set(role.gameId, screens);
    }
    screens.connections.add(connection);
    const snapshot = await live.snapshot(role.gameId);
    if (!snapshot) return;
    closeInTime(role.gameId, screens, snapshot.game);
    pushTo(connection, screens, snapshotViews(snapshot, pictureUrl), clock.now().toISOString());
  };

  const detach = (connection: Connection) => {
    const gameId = connection.role?.gameId;
    const screens = gameId === undefined ? undefined : games.get(gameId);
    if (!screens) return;
    screens.connections.delete(connection);
    if (screens.connections.size === 0) games.delete(gameId!);
  };

  /** Counts a wrong code against the socket and its address; too many and the socket is closed. */
  const wrongCode = (connection: Connection) => {
    const minute = Math.floor(clock.now().getTime() / 60_000);
    const seen = wrongCodesOf.get(connection.address);
    const count = seen?.minute === minute ? seen.count + 1 : 1;
    if (wrongCodesOf.size > 10_000) wrongCodesOf.clear();
    wrongCodesOf.set(connection.address, { minute, count });
    connection.wrongCodes++;
    return connection.wrongCodes > WRONG_CODES_PER_SOCKET || count > WRONG_CODES_PER_ADDRESS;
  };
  const tooManyTries = (connection: Connection) => {
    const minute = Math.floor(clock.now().getTime() / 60_000);
    const seen = wrongCodesOf.get(connection.address);
    return (
      connection.wrongCodes >= WRONG_CODES_PER_SOCKET ||
      (seen?.minute === minute && seen.count >= WRONG_CODES_PER_ADDRESS)
    );
  };
  const tooMany = () => new ApiError(429, 'live_too_many_tries', { key: 'live_too_many_tries' });

  const handle = async (connection: Connection, message: LiveClientMessage) => {
    const { role } = connection;
    if (!role) {
      if (message.type === 'host') {
        const actor = await accountOf(message.access);
        if (!actor) throw notAuthenticated();
        const { game } = await live.hostGame(actor, message.game);
        return attach(connection, { kind: 'host', gameId: game.id, actor }, game.revision);
      }
      if (message.type === 'join') {
        if (tooManyTries(connection)) throw tooMany();
        const actor = await accountOf(message.access);
        try {
          const { game, player, token } = await live.join({
            code: message.code,
            nickname: message.nickname,
            userId: actor?.id ?? null,
          });
          send(connection, { type: 'joined', token, player: player.id });
          return attach(
            connection,
            { kind: 'player', gameId: game.id, playerId: player.id, token },
            game.revision,
          );
        } catch (error) {
          // A wrong code leaves the socket open for another try, up to a limit against guessing codes.
          if (error instanceof ApiError && error.statusCode === 404) {
            if (wrongCode(connection)) throw tooMany();
            return send(connection, refusal(error));
          }
          throw error;
        }
      }
      if (message.type === 'resume') {
        const { game, player } = await live.resume(message.token);
        return attach(
          connection,
          { kind: 'player', gameId: game.id, playerId: player.id, token: message.token },
          game.revision,
        );
      }
      throw new ApiError(400, 'live_message', { key: 'live_message' });
    }
    if (role.kind === 'player') {
      if (message.type !== 'answer') throw new ApiError(400, 'live_message', { key: 'live_message' });
      const answered = await live.answer(role.token, message.question, message.choice);
      return send(connection, { type: 'answered', question: answered.position, choice: answered.choice });
    }
    switch (message.type) {
      case 'start':
        await live.start(role.actor, role.gameId);
        return;
      case 'next':
        await live.next(role.actor, role.gameId);
        return;
      case 'remove':
        await live.remove(role.actor, role.gameId, message.player);
        return;
      case 'end':
        await live.end(role.actor, role.gameId);
        return;
      default:
        throw new ApiError(400, 'live_message', { key: 'live_message' });
    }
  };

  const unsubscribe = live.onChange(
    (change) => changed(change.gameId, change.kind),
    () => {
      for (const gameId of games.keys()) changed(gameId, 'state');
    },
  );

  const connections = new Set<Connection>();
  const pings = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, PING_INTERVAL_MS).unref();

  return {
    accept(socket: WebSocket, address: string) {
      const connection: Connection = {
        socket,
        address,
        role: null,
        revision: -1,
        wrongCodes: 0,
        alive: true,
        queue: Promise.resolve(),
      };
      connections.add(connection);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('close', () => {
        connections.delete(connection);
        detach(connection);
      });
      socket.on('message', (data, isBinary) => {
        let message: LiveClientMessage;
        try {
          if (isBinary) throw new Error('binary');
          message = liveClientMessageSchema.parse(JSON.parse(String(data)));
        } catch {
          return send(connection, { type: 'error', status: 400, key: 'live_message' });
        }
        connection.queue = connection.queue
          .then(() => handle(connection, message))
          .catch((error) => refuse(connection, error));
      });
    },
    close() {
      clearInterval(pings);
      unsubscribe();
      for (const connection of connections) connection.socket.close(1001);
    },
  };
};

/** The live games' WebSocket at `LIVE_SOCKET_PATH` (docs/live.md "The socket"). */
export const liveSocketPlugin = fp(
  async (app: FastifyInstance, options: Options) => {
    await app.register(websocket, { options: { maxPayload: LIVE_MESSAGE_MAX_BYTES } });
    const hub = createLiveHub(options);
    app.get(LIVE_SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) =>
      hub.accept(socket, request.ip),
    );
    app.addHook('preClose', async () => hub.close());
  },
  { name: 'live-socket' },
);
