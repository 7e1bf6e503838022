// The real server (`server/main.ts` under tsx, as `npm start` runs it) as a child process, for
// tests and benches that kill it, restart it on the same data, or run two of them on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

export const DEMO_PASSWORD = 'demo-password';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** The last lines the server wrote to stderr/stdout (for failure messages). */
  output(): string;
  /** SIGKILL: no shutdown, whatever was in flight is cut. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** Default: a free port. Pass the old port to restart a killed server where clients expect it. */
  port?: number;
  /** PostgreSQL URL; default SQLite in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Health wait (default 60 s). */
  timeoutMs?: number;
}

/** True when an HTTP server answers GET /api/health at url (any status). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });
}

/** The last 8,000 characters a child wrote to stdout and stderr, as they come. */
export function keptOutput(child: ChildProcess): () => string {
  let out = '';
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => out;
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited(child);
  clearTimeout(timer);
}

/**
 * A test server never calls the real marketplaces: no scheduled order intake, and both
 * marketplace addresses are a closed local port (discard), so a call fails as a lost connection.
 */
export const NO_MARKETPLACES = {
  ORDER_INTAKE_MINUTES: '0',
  BRICKLINK_API_URL: 'http://127.0.0.1:9',
  BRICKOWL_API_URL: 'http://127.0.0.1:9',
} as const;

/**
 * The environment of a server spawned here for a test or a bench: this process's own, then the
 * server alone on 127.0.0.1:`port` (its public address too), SQLite in `dataDir`, the built PWA,
 * warnings and worse logged; `settings` last, over any of these.
 */
export function serverEnv(
  port: number,
  dataDir: string,
  settings: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_DIR: resolve('dist'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Plain HTTP only, unless a test turns HTTPS on with a port of its own: two servers at once
    // would both want the default HTTPS port.
    HTTPS_PORT: 'off',
    LOG_LEVEL: 'warn',
    ...settings,
  };
}

/** Starts the server and resolves once GET /api/health answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  if (await answers(url)) throw new Error(`something already answers at ${url}`);
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child
  // process of its own, which a SIGKILL of the command would leave running.
  // SERVER_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=prof` to
  // profile it under a bench (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: serverEnv(port, options.dataDir, {
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_DEMO: '1',
      LOG_STDOUT: '1',
      ...NO_MARKETPLACES,
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keptOutput(child);
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  };
  const stop = () => stopChild(child);
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return { port, url, child, output, kill, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await kill();
  throw new Error(`the server did not become healthy at ${url}\n${output().slice(-3000)}`);
}

/** Signs in with Basic credentials; resolves the access and refresh tokens. */
export async function signIn(
  url: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access_token: string; refresh_token: string }> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

/**
 * One HTTP request on a connection of its own (no keep-alive), so a balancer in front of several
 * instances spreads requests the way it spreads connections.
 */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', fail);
    });
    req.end(options.body);
  });
}
