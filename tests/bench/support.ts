import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed';
import { freePort, serverEnv } from '../support/server-process';

/** One line of the results table. `goal` and `ok` are set where the design states a target. */
export interface BenchRow {
  bench: string;
  measure: string;
  value: string;
  goal?: string;
  ok?: boolean;
  note?: string;
}

export interface Bench {
  name: string;
  run(): Promise<BenchRow[]>;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

export function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Runs the bench file `file` once more in a child Node (with --expose-gc, from the repository
 * root) with `env` added to its environment, and returns the JSON the child printed on its last
 * line; `what` names the run in the error when the child fails.
 */
export function measureInChild<T>(file: string, env: Record<string, string>, what: string): T {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    cwd: resolve(file, '../../..'),
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) {
    throw new Error(`${what} failed: ${r.stderr.slice(-1000)}`);
  }
  return JSON.parse(line) as T;
}

/** Builds the PWA when dist/ has none (benches measure the production build). */
export function ensureBuilt(): void {
  if (existsSync('dist/index.html')) return;
  console.log('Building the PWA first…');
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

export function freshDataDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `brick-bench-${label}-`));
}

/** The app in this process on a fresh SQLite data directory with the demo data. */
export interface InProcessApp {
  app: App;
  /** Signs a demo user in through the login route; the bearer header. */
  bearer(email: string): Promise<string>;
  /** Closes the app and removes its data directory. */
  close(): Promise<void>;
}

/** Starts the app in this process (`env` adds to the bench's settings); ready once this resolves. */
export async function inProcessApp(
  label: string,
  env: Record<string, string> = {},
): Promise<InProcessApp> {
  const dataDir = freshDataDir(label);
  const settings = { DATA_DIR: dataDir, LOG_STDOUT: '0', LOG_LEVEL: 'warn', ...env };
  const app = await buildApp({
    ...loadConfig(settings as NodeJS.ProcessEnv),
    databaseUrl: undefined,
    staticDir: undefined,
  });
  await app.ready();
  return {
    app,
    async bearer(email) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: {
          authorization: `Basic ${Buffer.from(`${email}:${DEMO_PASSWORD}`).toString('base64')}`,
        },
      });
      if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
      return `Bearer ${(login.json() as { access_token: string }).access_token}`;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningServer {
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` under tsx (as `npm start` does) and waits until it is healthy. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    // SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=prof`): Node flags for the server, which
    // then runs in this child itself (tsx as a loader) so that the flags reach it.
    process.env.SERVER_NODE_ARGS
      ? [
          ...process.env.SERVER_NODE_ARGS.split(' ').filter(Boolean),
          '--import',
          'tsx',
          'server/main.ts',
        ]
      : [resolve('node_modules/tsx/dist/cli.mjs'), 'server/main.ts'],
    {
      env: serverEnv(port, dataDir, { LOG_STDOUT: '0', ...env }),
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) return { baseUrl, startMs: performance.now() - started, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error(`the server did not become healthy\n${stderr.slice(-2000)}`);
}

/** Headless Chromium as the browser benches run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
}

/**
 * A page of the app on `server` (calls to other hosts refused), signed in through the login screen
 * as `email`; back once the app has left the login page. `options` are the context's own (such as
 * acceptDownloads).
 */
export async function signedInPage(
  browser: Browser,
  server: RunningServer,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, ...options });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
  return { context, page };
}

/**
 * The built PWA and a fresh data directory with the demo data, which `prepare` changes while no
 * server runs (straight in the database file); then the server on it.
 */
export async function demoServer<T>(
  label: string,
  prepare: (dataDir: string) => T,
): Promise<{ dataDir: string; prepared: T; server: RunningServer }> {
  ensureBuilt();
  const dataDir = freshDataDir(label);
  const seeded = await startServer(dataDir, { SEED_DEMO: '1' });
  await seeded.stop();
  const prepared = prepare(dataDir);
  return { dataDir, prepared, server: await startServer(dataDir) };
}

/**
 * demoServer with headless Chromium: `use` runs with both; afterwards, whether it succeeded or
 * not, the browser is closed, the server stopped and its data directory removed.
 */
export async function withDemoBrowser<T, R>(
  label: string,
  prepare: (dataDir: string) => T,
  use: (demo: {
    dataDir: string;
    prepared: T;
    server: RunningServer;
    browser: Browser;
  }) => Promise<R>,
): Promise<R> {
  const demo = await demoServer(label, prepare);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    return await use({ ...demo, browser });
  } finally {
    await browser?.close();
    await demo.server.stop();
    rmSync(demo.dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a scale-out bench on each set-up: SQLite, PostgreSQL, and two server processes on one
 * PostgreSQL behind a round-robin balancer. BENCH_DATABASES=sqlite (or postgres) runs one only.
 */
export async function onEachSetup(
  runOn: (dialect: 'sqlite' | 'postgres', servers?: number) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const only = process.env.BENCH_DATABASES;
  const rows: BenchRow[] = [];
  if (!only || only === 'sqlite') rows.push(...(await runOn('sqlite')));
  if (!only || only === 'postgres') {
    rows.push(...(await runOn('postgres')));
    rows.push(...(await runOn('postgres', 2)));
  }
  return rows;
}
