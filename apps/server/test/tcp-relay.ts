import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';

export type TcpRelay = {
  /** The connection string of the upstream database, through the relay. */
  url: string;
  /** The database goes away: open connections are cut and new ones refused. */
  cut: () => Promise<void>;
  /** It comes back, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP relay in front of a PostgreSQL server that the test cuts and restores, as when the database
 * server goes down and comes back.
 */
export const startTcpRelay = async (upstreamUrl: string): Promise<TcpRelay> => {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      const relay = createServer((client) => {
        const target = connectTcp(Number(upstream.port || 5432), upstream.hostname);
        for (const socket of [client, target]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => sockets.delete(socket));
        }
        client.pipe(target).pipe(client);
      });
      relay.listen(port, '127.0.0.1', () => {
        port = (relay.address() as { port: number }).port;
        server = relay;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  const url = new URL(upstream);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut,
    restore: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
};
