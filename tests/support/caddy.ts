// Debian's Caddy with the product's own deploy/Caddyfile in front of server processes, as a
// warehouse runs several servers: HTTPS with Caddy's local certificate authority (`tls internal`)
// on this machine's network address, so a browser reaches it as a phone on the Wi-Fi would. The
// Caddyfile's settings come from the environment; its state (the CA, certificates) lives in a
// temporary folder, and it never binds ports 80/443 nor an admin endpoint.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest, Agent } from 'node:https';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, keptOutput, stopChild } from './server-process';

export const CADDYFILE = resolve('deploy/Caddyfile');

export interface Caddy {
  /** What devices open: https://<network address>:<port>. */
  url: string;
  /** The plain-HTTP side (redirects, and the CA's root at /setup/ca.crt). */
  httpUrl: string;
  /** Caddy's local root certificate authority (PEM): what a device must trust. */
  rootCaPem: string;
  /** `fetch` for this process that trusts the root above (Node's own fetch cannot be told to). */
  fetch: TrustingFetch;
  /** The last lines Caddy wrote (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export type TrustingFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

/** The machine's first non-internal IPv4 address: where phones on the same network reach it. */
export function lanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error('this machine has no non-loopback IPv4 address for a browser to reach Caddy at');
}

/** Throws with the command to run when Debian's caddy is not installed. */
export function requireCaddy(): void {
  const r = spawnSync('caddy', ['version'], { stdio: 'pipe' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error('caddy is missing: sudo apt-get update && sudo apt-get install -y caddy');
  if (r.status !== 0) throw new Error(`caddy version failed: ${r.stderr.toString()}`);
}

/**
 * A fetch over HTTPS that trusts `caPem` (and nothing else but the system's roots), keeping
 * connections alive as a browser does; plain http:// URLs go through Node's own fetch.
 */
export function trustingFetch(caPem: string): TrustingFetch {
  const agent = new Agent({ ca: caPem, keepAlive: true, maxSockets: 256 });
  return (url, init = {}) => {
    if (!url.startsWith('https:')) return fetch(url, init);
    return new Promise((done, fail) => {
      const req = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent });
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', fail);
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v])
              headers.append(k, one);
          }
          const status = res.statusCode ?? 0;
          const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
          done(new Response(body, { status, headers }));
        });
      });
      req.end(init.body);
    });
  };
}

export interface CaddyOptions {
  /** The servers, host:port each. */
  upstreams: string[];
  /** Default: a free port. */
  httpsPort?: number;
  /** Wait for Caddy to answer (default 30 s). */
  timeoutMs?: number;
}

/**
 * Starts `caddy run` with deploy/Caddyfile and resolves once GET /api/health answers through it
 * over HTTPS, verified against Caddy's own root (at least one upstream must be healthy).
 */
export async function startCaddy(options: CaddyOptions): Promise<Caddy> {
  requireCaddy();
  const host = lanAddress();
  const httpsPort = options.httpsPort ?? (await freePort());
  const httpPort = await freePort();
  const state = mkdtempSync(join(tmpdir(), 'brick-caddy-'));
  const caDir = join(state, 'data', 'caddy', 'pki', 'authorities', 'local');
  const url = `https://${host}:${httpsPort}`;
  const child = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: state,
      XDG_DATA_HOME: join(state, 'data'),
      XDG_CONFIG_HOME: join(state, 'config'),
      BRICK_SITE: url,
      BRICK_TLS: 'internal',
      BRICK_UPSTREAMS: options.upstreams.join(' '),
      BRICK_CA_DIR: caDir,
      CADDY_ADMIN: 'off',
      CADDY_HTTP_PORT: String(httpPort),
      CADDY_HTTPS_PORT: String(httpsPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keptOutput(child);
  const stop = async () => {
    await stopChild(child);
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let last = '';
  while (Date.now() < deadline && child.exitCode === null) {
    const rootFile = join(caDir, 'root.crt');
    if (existsSync(rootFile)) {
      const rootCaPem = readFileSync(rootFile, 'utf8');
      const trusting = trustingFetch(rootCaPem);
      try {
        const res = await trusting(`${url}/api/health`);
        if (res.status === 200) {
          return {
            url,
            httpUrl: `http://${host}:${httpPort}`,
            rootCaPem,
            fetch: trusting,
            output,
            stop,
          };
        }
        last = `HTTP ${res.status}`;
      } catch (err) {
        last = String(err);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`Caddy did not answer at ${url} (${last})\n${output().slice(-3000)}`);
}
