// A TCP proxy in front of an HTTP server that injects the faults a warehouse network produces:
// refused connections, resets, requests lost before they reach the server, answers lost after the
// server committed, and latency. It also counts connections and HTTP requests per path, so a test
// can assert how often a client tried (e.g. "at most 6 pushes to /api/v1/sync/push").
//
// Plain node:net. The client→server direction is parsed into HTTP/1.1 requests (request line,
// headers, Content-Length or chunked body) so each request of a keep-alive connection is seen and
// decided on by itself; the server→client direction is passed through untouched. Other protocols
// (a proxy between the server and PostgreSQL) are passed through raw, refused or reset.
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';

/**
 * What the proxy does to the next connections and requests:
 * - 'pass': forward everything.
 * - 'refuse': stop listening, so new connections are refused (ECONNREFUSED); open ones are closed.
 *   The proxy sees nothing of them: to count a client's attempts at an unreachable server, use
 * - 'reset': accept, read the request line (counted), then reset the connection (ECONNRESET).
 *   Open connections are reset when this mode starts, so every request comes on a new one.
 * - an object: per-request faults, combinable. `dropBefore` is the probability that a request is
 *   not forwarded and its connection is closed; `dropAfter` the probability that the request is
 *   forwarded, the server answers, and the answer is cut before it reaches the client (the server
 *   committed, the client did not hear); `delayMs` holds each request back before forwarding it.
 *   With `only` (path prefixes, e.g. ['/api/v1/sync/']) the faults hit those requests alone and
 *   the others pass.
 */
export type FaultMode =
  | 'pass'
  | 'refuse'
  | 'reset'
  | { dropBefore?: number; dropAfter?: number; delayMs?: number; only?: string[] };

export interface FaultProxyStats {
  /** Connections accepted (refused ones never reach the proxy). */
  connections: number;
  /** HTTP requests seen, whatever happened to them. */
  requests: number;
  /** Requests seen per path (query string removed), e.g. { '/api/v1/sync/push': 12 }. */
  byPath: Record<string, number>;
  /** Requests closed before forwarding (dropBefore). */
  droppedBefore: number;
  /** Requests forwarded whose answer was cut (dropAfter). */
  droppedAfter: number;
  /** Connections reset in 'reset' mode. */
  resets: number;
}

export interface FaultProxy {
  port: number;
  /** http://host:port of the proxy. */
  url: string;
  readonly mode: FaultMode;
  setMode(mode: FaultMode): Promise<void>;
  readonly stats: FaultProxyStats;
  /** Requests seen for one path (query string ignored). */
  count(path: string): number;
  resetStats(): void;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  target: { host: string; port: number };
  /** Address the proxy listens on (default 127.0.0.1). */
  host?: string;
  /** Port to listen on (default: a free one). */
  port?: number;
  mode?: FaultMode;
  /** Random source for the drop decisions (default Math.random), for reproducible runs. */
  random?: () => number;
}

interface ParsedRequest {
  /** Bytes of the whole request (head and body). */
  length: number;
  method: string;
  path: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
/** A head longer than this without its end is not HTTP we understand: pass bytes through raw. */
const MAX_HEAD = 64 * 1024;

/** Length of a chunked body starting at `from`, or -1 when it is not complete yet. */
function chunkedLength(buf: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return -1;
    const size = parseInt(buf.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    at = lineEnd + 2;
    if (size === 0) {
      // Trailers, then an empty line.
      for (;;) {
        const end = buf.indexOf(CRLF, at);
        if (end < 0) return -1;
        const empty = end === at;
        at = end + 2;
        if (empty) return at - from;
      }
    }
    if (buf.length < at + size + 2) return -1;
    at += size + 2;
  }
}

/** The first complete request in `buf`, null when more bytes are needed. Throws on non-HTTP. */
export function parseRequest(buf: Buffer): ParsedRequest | null {
  // A method is a short upper-case word: anything else is another protocol.
  if (!/^[A-Z]{1,16}( |$)/.test(buf.subarray(0, 17).toString('latin1'))) {
    throw new Error('not an HTTP request');
  }
  const headEnd = buf.indexOf(HEAD_END);
  if (headEnd < 0) {
    if (buf.length > MAX_HEAD) throw new Error('request head too long');
    return null;
  }
  const lines = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const [method, target] = lines[0].split(' ');
  if (!method || !target) throw new Error('not an HTTP request line');
  let contentLength = 0;
  let chunked = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') contentLength = Number(value);
    if (name === 'transfer-encoding' && /chunked/i.test(value)) chunked = true;
  }
  const bodyStart = headEnd + 4;
  let length: number;
  if (chunked) {
    const body = chunkedLength(buf, bodyStart);
    if (body < 0) return null;
    length = bodyStart + body;
  } else {
    if (!Number.isFinite(contentLength) || contentLength < 0) throw new Error('bad length');
    length = bodyStart + contentLength;
    if (buf.length < length) return null;
  }
  let path = target;
  if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  path = path.split('?')[0];
  return { length, method, path };
}

function emptyStats(): FaultProxyStats {
  return {
    connections: 0,
    requests: 0,
    byPath: {},
    droppedBefore: 0,
    droppedAfter: 0,
    resets: 0,
  };
}

function hardReset(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function' && !socket.destroyed) socket.resetAndDestroy();
  else socket.destroy();
}

/** Starts the proxy; resolves once it listens. */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const host = options.host ?? '127.0.0.1';
  const random = options.random ?? Math.random;
  let mode: FaultMode = options.mode ?? 'pass';
  let stats = emptyStats();
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = options.port ?? 0;

  const countRequest = (req: ParsedRequest) => {
    stats.requests++;
    stats.byPath[req.path] = (stats.byPath[req.path] ?? 0) + 1;
  };

  const handle = (client: Socket) => {
    stats.connections++;
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    client.setNoDelay(true);

    let upstream: Socket | null = null;
    let pending: Buffer = Buffer.alloc(0);
    let raw = false; // gave up parsing: forward bytes as they come
    let dropAnswer = false; // the request in flight was chosen for dropAfter
    let queue: Promise<void> = Promise.resolve(); // forwarding order under delays
    let closed = false;

    const closeBoth = (reset = false) => {
      if (closed) return;
      closed = true;
      if (reset) hardReset(client);
      else client.destroy();
      upstream?.destroy();
    };

    const connectUpstream = (): Socket => {
      if (upstream) return upstream;
      const up = new Socket();
      upstream = up;
      open.add(up);
      up.setNoDelay(true);
      up.on('close', () => {
        open.delete(up);
        if (!closed) client.end();
      });
      up.on('error', () => closeBoth(true));
      up.on('data', (data: Buffer) => {
        if (dropAnswer) {
          // The server has answered a request chosen for dropAfter: cut the answer off.
          stats.droppedAfter++;
          closeBoth();
          return;
        }
        if (!closed) client.write(data);
      });
      up.connect(options.target.port, options.target.host);
      return up;
    };

    const forward = (bytes: Buffer, delayMs: number, afterSend?: () => void) => {
      queue = queue.then(async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (closed) return;
        afterSend?.();
        connectUpstream().write(bytes);
      });
    };

    const pump = () => {
      while (!closed && pending.length > 0) {
        if (raw) {
          // Not HTTP (e.g. a database protocol): only the connection-level modes apply.
          if (mode === 'reset' || mode === 'refuse') {
            if (mode === 'reset') stats.resets++;
            closeBoth(true);
            return;
          }
          forward(pending, 0);
          pending = Buffer.alloc(0);
          return;
        }
        let req: ParsedRequest | null;
        try {
          req = parseRequest(pending);
        } catch {
          raw = true;
          continue;
        }
        if (!req) return;
        const bytes = pending.subarray(0, req.length);
        pending = pending.subarray(req.length);
        countRequest(req);
        const now = mode;
        if (now === 'reset' || now === 'refuse') {
          if (now === 'reset') stats.resets++;
          closeBoth(true);
          return;
        }
        if (now === 'pass' || (now.only && !now.only.some((p) => req.path.startsWith(p)))) {
          forward(bytes, 0);
          continue;
        }
        if (now.dropBefore && random() < now.dropBefore) {
          stats.droppedBefore++;
          closeBoth();
          return;
        }
        const cut = !!now.dropAfter && random() < now.dropAfter;
        forward(bytes, now.delayMs ?? 0, cut ? () => (dropAnswer = true) : undefined);
      }
    };

    client.on('data', (data: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, data]) : data;
      pump();
    });
    client.on('end', () => {
      void queue.then(() => {
        if (!closed) upstream?.end();
        if (!upstream) closeBoth();
      });
    });
  };

  const listen = async () => {
    const s = createServer(handle);
    await new Promise<void>((done, fail) => {
      s.once('error', fail);
      s.listen(port, host, () => {
        s.off('error', fail);
        done();
      });
    });
    port = (s.address() as AddressInfo).port;
    server = s;
  };

  const stopListening = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((done) => s.close(() => done()));
  };

  const destroyOpen = () => {
    for (const socket of open) hardReset(socket);
    open.clear();
  };

  if (mode !== 'refuse') await listen();
  else {
    await listen();
    await stopListening();
  }

  return {
    get port() {
      return port;
    },
    get url() {
      return `http://${host}:${port}`;
    },
    get mode() {
      return mode;
    },
    async setMode(next: FaultMode) {
      const was = mode;
      mode = next;
      if (next === 'refuse' || next === 'reset') destroyOpen();
      if (next === 'refuse' && was !== 'refuse') {
        const closing = stopListening();
        destroyOpen();
        await closing;
      }
      if (next !== 'refuse' && was === 'refuse') await listen();
    },
    get stats() {
      return stats;
    },
    count(path: string) {
      return stats.byPath[path] ?? 0;
    },
    resetStats() {
      stats = emptyStats();
    },
    async close() {
      const closing = stopListening();
      destroyOpen();
      await closing;
    },
  };
}
