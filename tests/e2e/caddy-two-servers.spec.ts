import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { requireCaddy, startCaddy, type Caddy } from '../support/caddy';
import { createPostgresDb, type PostgresDb } from '../support/postgres-db';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { apiLogin, expect } from './support/fixtures';
import { claimableOrder, orderItems } from './support/orders';
import { outboxEntries } from './support/service-worker';
import { launchTrusting, type TrustingBrowser } from './support/trusted-browser';
import {
  landedOnce,
  phoneAt,
  pickOfflineThroughReload,
  pickStop,
  pickStops,
  PICKER,
  signInAndOpen,
} from './support/trusted-phone';

/**
 * The floor as a warehouse with several servers runs it: two servers on one PostgreSQL database
 * behind Debian's Caddy with the product's deploy/Caddyfile (`tls internal`), reached at this
 * machine's network address over HTTPS, by a phone (360 × 740) whose browser trusts Caddy's local
 * root as a phone does once set up. The picker works offline and after a server dies mid-shift;
 * every pick lands exactly once. This file starts servers of its own and leaves the worker's
 * shared server alone.
 */

const postgresBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

test.describe.configure({ mode: 'serial' });

let db: PostgresDb;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
let caddy: Caddy;
let trusting: TrustingBrowser;
/** The API straight at the first server (not through Caddy): what the checks read. */
let api: APIRequestContext;
/** Orders the tests here picked: the next test takes another. */
const used: number[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  requireCaddy();
  if (spawnSync('certutil', ['-H'], { stdio: 'ignore' }).error)
    throw new Error('certutil is missing: sudo apt-get install -y libnss3-tools');
  try {
    db = await createPostgresDb(postgresBase, 'bw_caddy', 5000);
  } catch (err) {
    throw new Error(`this spec needs PostgreSQL at ${postgresBase}: ${String(err)}`, {
      cause: err,
    });
  }
  const shared = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    CREDENTIAL_KEY: randomBytes(32).toString('base64url'),
    HTTPS_PORT: 'off',
    TRUST_PROXY: '1',
    // Jobs are claimed in the database: every server of a deployment may run them.
    JOB_RUNNER: '1',
  };
  // One after the other: the first migrates and loads the demo data, the second finds them.
  for (const seed of ['1', '0']) {
    const dataDir = mkdtempSync(join(tmpdir(), 'brick-caddy-server-'));
    dataDirs.push(dataDir);
    servers.push(
      await startServerProcess({
        dataDir,
        databaseUrl: db.url,
        timeoutMs: 120_000,
        env: { ...shared, SEED_DEMO: seed },
      }),
    );
  }
  caddy = await startCaddy({ upstreams: servers.map((s) => `127.0.0.1:${s.port}`) });
  trusting = await launchTrusting(caddy.rootCaPem, 'Caddy local root');
  api = await apiRequest.newContext({ baseURL: servers[0].url });
});

test.afterAll(async () => {
  await api?.dispose();
  await trusting?.close();
  await caddy?.stop();
  for (const s of servers) await s.stop();
  await db?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** What the servers and Caddy logged about failures: the message of a failed 5xx check. */
function whoAnswered5xx(): string {
  const lines = (text: string, re: RegExp) =>
    text
      .split('\n')
      .filter((l) => re.test(l))
      .slice(-40)
      .map((l) => l.slice(0, 400));
  const servers = dataDirs.map((dir, i) => {
    const log = readFileSync(join(dir, 'logs', 'server.log'), 'utf8');
    const warnings = lines(log, /"level":(40|50)/).filter((l) => !/Reply was already sent/.test(l));
    return [`server ${i + 1}:`, ...warnings];
  });
  const proxy = ['caddy:', ...lines(caddy.output(), /"level":"error"|unhealthy|no upstreams/i)];
  return [...servers.flat(), ...proxy].join('\n');
}

/** How the database recorded each of the mutation ids (absent: never applied nor refused). */
async function recorded(ids: string[]): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; status: string }>(
      'select id, status from applied_mutations where id = any($1::text[])',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.status]));
  } finally {
    await client.end();
  }
}

test('through Caddy: picks made offline survive a reload and land exactly once', async () => {
  test.setTimeout(180_000);
  const { access_token: token } = await apiLogin(api, PICKER);
  const order = await claimableOrder(api, token, { withStock: true });
  used.push(order.id);
  const before = await orderItems(api, token, order.id);
  const phone = await phoneAt(trusting.browser, caddy.url);
  const { context, page, problems } = phone;

  await signInAndOpen(page, caddy.url, order.number);
  // Offline picks and a reload; back online, everything goes out through Caddy.
  const { picked, queued } = await pickOfflineThroughReload(phone);
  await landedOnce(
    api,
    token,
    order.id,
    before,
    picked.reduce((n, q) => n + q, 0),
  );
  const applied = await recorded(queued.map((e) => e.id));
  for (const entry of queued) expect(applied.get(entry.id), `pick ${entry.id}`).toBe('applied');
  await context.close();
  expect(problems).toEqual([]);
});

test('a server killed mid-shift: the picker carries on through the other, every pick lands once', async () => {
  test.setTimeout(180_000);
  const { access_token: token } = await apiLogin(api, PICKER);
  const order = await claimableOrder(api, token, { withStock: true, skip: used });
  used.push(order.id);
  const before = await orderItems(api, token, order.id);
  const { context, page, problems } = await phoneAt(trusting.browser, caddy.url);
  // Every answer the phone got (its pages and its service worker), with when the browser sent
  // the request.
  const answers: { url: string; status: number; sentAt: number }[] = [];
  context.on('response', (res) =>
    answers.push({
      url: res.url(),
      status: res.status(),
      sentAt: res.request().timing().startTime,
    }),
  );

  await signInAndOpen(page, caddy.url, order.number);
  const picked = [await pickStop(page)];
  expect(picked[0]).toBeGreaterThan(0);

  // The second server dies at once (no shutdown), right after a pick, its push on the way.
  await servers[1].kill();
  const killedAt = Date.now();
  picked.push(...(await pickStops(page, 3)));
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
  await landedOnce(
    api,
    token,
    order.id,
    before,
    picked.reduce((n, q) => n + q, 0),
  );
  const queued = await outboxEntries(page);
  expect(queued, 'nothing left in the outbox').toEqual([]);

  // Caddy took the dead server out and sent what it would have had to the other: nothing sent
  // after the kill was answered 5xx (a push in flight at the kill may have been).
  const late = answers.filter((a) => a.sentAt > killedAt && a.url.startsWith(caddy.url));
  expect(late.length, 'the phone kept working through Caddy').toBeGreaterThan(0);
  expect(
    late.filter((a) => a.status >= 500),
    whoAnswered5xx(),
  ).toEqual([]);
  await context.close();
  expect(problems.filter((p) => !/status of 502/.test(p))).toEqual([]);
});
