// A tiny round-robin TCP balancer for tests: each new connection goes to the next target in turn,
// as a load balancer in front of several server instances would send them. Plain node:net.
import { createServer, Socket, type AddressInfo } from 'node:net';

export interface Balancer {
  port: number;
  url: string;
  /** Connections sent to each target, in the order of `targets`. */
  readonly perTarget: number[];
  close(): Promise<void>;
}

export async function startBalancer(
  targets: { host: string; port: number }[],
  host = '127.0.0.1',
): Promise<Balancer> {
  if (targets.length === 0) throw new Error('a balancer needs at least one target');
  const perTarget = targets.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server = createServer((client) => {
    const index = next;
    next = (next + 1) % targets.length;
    perTarget[index]++;
    const upstream = new Socket();
    for (const s of [client, upstream]) {
      open.add(s);
      s.setNoDelay(true);
      s.on('close', () => open.delete(s));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    upstream.connect(targets[index].port, targets[index].host);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, host, () => done());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host}:${port}`,
    perTarget,
    async close() {
      const closing = new Promise<void>((done) => server.close(() => done()));
      for (const s of open) s.destroy();
      await closing;
    },
  };
}
