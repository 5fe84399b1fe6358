/**
 * A round-robin TCP proxy for the live bench's several server processes, run as a process of its own (as
 * a load balancer would be): each new connection goes to the next upstream port in turn, with no sticky
 * sessions, so a WebSocket lands on either process and a player coming back may land on the other one.
 *   node --import tsx bench/live-proxy.ts <upstream port> <upstream port>…
 * It prints the port it listens on (127.0.0.1), then serves until it is killed.
 */
import { connect, createServer } from 'node:net';

const upstreams = process.argv.slice(2).map(Number);
if (upstreams.length === 0 || upstreams.some((port) => !Number.isInteger(port) || port < 1))
  throw new Error('usage: live-proxy.ts <upstream port>…');

let next = 0;
const proxy = createServer((client) => {
  const target = connect(upstreams[next++ % upstreams.length]!, '127.0.0.1');
  // Small frames (an answer, its acknowledgement) go out at once, as through a real proxy.
  client.setNoDelay(true);
  target.setNoDelay(true);
  const cut = () => {
    client.destroy();
    target.destroy();
  };
  client.on('error', cut);
  target.on('error', cut);
  client.pipe(target).pipe(client);
});
proxy.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(proxy.address() as { port: number }).port}\n`);
});
