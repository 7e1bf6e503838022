import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseRequest, startFaultProxy, type FaultProxy } from './fault-proxy';

let server: Server;
let serverPort: number;
/** Requests the target server received (method and path), and how many it answered. */
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'text/plain');
      res.end(`echo:${Buffer.concat(chunks).toString()}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  serverPort = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

let proxy: FaultProxy;
afterEach(async () => {
  received.length = 0;
  await proxy?.close();
});

/** One request through node:http (keep-alive agent optional), resolves with status and body. */
function send(
  url: string,
  path: string,
  opts: { body?: string; agent?: Agent; chunked?: boolean } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(`${url}${path}`, {
      method: opts.body === undefined ? 'GET' : 'POST',
      agent: opts.agent,
      headers: opts.chunked ? { 'transfer-encoding': 'chunked' } : undefined,
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', fail);
    });
    if (opts.body !== undefined && opts.chunked) {
      const half = Math.floor(opts.body.length / 2);
      req.write(opts.body.slice(0, half));
      req.write(opts.body.slice(half));
    } else if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const errorCode = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: NodeJS.ErrnoException) => err.code ?? err.message,
  );

describe('fault proxy', () => {
  it('passes requests and counts each request of a keep-alive connection by path', async () => {
    proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: serverPort } });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 3; i++) {
      expect(await send(proxy.url, '/api/v1/sync/push?x=1', { body: `b${i}`, agent })).toEqual({
        status: 200,
        body: `echo:b${i}`,
      });
    }
    expect(await send(proxy.url, '/api/health', { agent })).toEqual({ status: 200, body: 'echo:' });
    const chunked = await send(proxy.url, '/chunked', { body: 'abcdef', agent, chunked: true });
    expect(chunked.body).toBe('echo:abcdef');
    agent.destroy();
    expect(proxy.stats.connections).toBe(1);
    expect(proxy.stats.requests).toBe(5);
    expect(proxy.count('/api/v1/sync/push')).toBe(3);
    expect(proxy.count('/api/health')).toBe(1);
    expect(received).toHaveLength(5);
  });

  it('refuses connections in "refuse" mode and listens again on the same port after', async () => {
    proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: serverPort } });
    const port = proxy.port;
    await proxy.setMode('refuse');
    expect(await errorCode(send(proxy.url, '/a'))).toBe('ECONNREFUSED');
    await proxy.setMode('pass');
    expect(proxy.port).toBe(port);
    expect((await send(proxy.url, '/a')).status).toBe(200);
  });

  it('resets connections in "reset" mode, counting the attempt', async () => {
    proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: serverPort } });
    await proxy.setMode('reset');
    expect(await errorCode(send(proxy.url, '/api/v1/sync/push', { body: 'x' }))).toBe('ECONNRESET');
    expect(proxy.count('/api/v1/sync/push')).toBe(1);
    expect(proxy.stats.resets).toBe(1);
    expect(received).toHaveLength(0);
  });

  it('drops a request before the server sees it (dropBefore)', async () => {
    proxy = await startFaultProxy({
      target: { host: '127.0.0.1', port: serverPort },
      mode: { dropBefore: 1 },
    });
    expect(await errorCode(send(proxy.url, '/w', { body: 'x' }))).not.toBe('ok');
    expect(received).toHaveLength(0);
    expect(proxy.stats.droppedBefore).toBe(1);
  });

  it('lets the server answer, then cuts the answer (dropAfter)', async () => {
    proxy = await startFaultProxy({
      target: { host: '127.0.0.1', port: serverPort },
      mode: { dropAfter: 1 },
    });
    expect(await errorCode(send(proxy.url, '/w', { body: 'x' }))).not.toBe('ok');
    expect(received).toEqual(['POST /w']);
    expect(proxy.stats.droppedAfter).toBe(1);
  });

  it('drops about the asked share of requests', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    proxy = await startFaultProxy({
      target: { host: '127.0.0.1', port: serverPort },
      mode: { dropBefore: 0.2, dropAfter: 0.2 },
      random,
    });
    const results = [];
    for (let i = 0; i < 100; i++) results.push(await errorCode(send(proxy.url, `/r${i}`)));
    const ok = results.filter((r) => r === 'ok').length;
    expect(ok).toBeGreaterThan(45);
    expect(ok).toBeLessThan(80);
    expect(received.length).toBe(100 - proxy.stats.droppedBefore);
    expect(ok).toBe(100 - proxy.stats.droppedBefore - proxy.stats.droppedAfter);
  });

  it('limits the faults to the paths in `only`', async () => {
    proxy = await startFaultProxy({
      target: { host: '127.0.0.1', port: serverPort },
      mode: { dropBefore: 1, only: ['/api/v1/sync/'] },
    });
    expect((await send(proxy.url, '/api/health')).status).toBe(200);
    expect(await errorCode(send(proxy.url, '/api/v1/sync/push', { body: 'x' }))).not.toBe('ok');
    expect(received).toEqual(['GET /api/health']);
  });

  it('delays requests', async () => {
    proxy = await startFaultProxy({
      target: { host: '127.0.0.1', port: serverPort },
      mode: { delayMs: 150 },
    });
    const start = Date.now();
    expect((await send(proxy.url, '/slow')).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(140);
  });
});

describe('parseRequest', () => {
  it('tells other protocols from HTTP at the first bytes', () => {
    expect(() => parseRequest(Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]))).toThrow();
    expect(parseRequest(Buffer.from('PO'))).toBeNull();
  });
  it('waits for the whole body and strips the query', () => {
    const head = 'POST /p?q=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n';
    expect(parseRequest(Buffer.from(head + 'ab'))).toBeNull();
    expect(parseRequest(Buffer.from(head + 'abcdGET'))).toEqual({
      length: head.length + 4,
      method: 'POST',
      path: '/p',
    });
  });
  it('frames chunked bodies with trailers', () => {
    const msg =
      'POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX: y\r\n\r\n';
    expect(parseRequest(Buffer.from(msg.slice(0, -2)))).toBeNull();
    expect(parseRequest(Buffer.from(msg))?.length).toBe(msg.length);
  });
});
