import { expect, test } from './support/fixtures';
import {
  CUT_CONNECTION,
  orderOnServer,
  pickerSignsIn,
  serverToken,
  useProxiedServer,
} from './support/proxied-server';
import { readMeta, writeMeta } from './support/service-worker';

/**
 * Wi-Fi up, server unreachable: a picker's phone must not storm the server (or the access point)
 * with retries. The app talks to its own server through a fault proxy that refuses every
 * connection for 10 s while one write is queued and the access token has run out: the device
 * (page and service worker together) makes at most 6 pushes and 2 refreshes in that time, and
 * the write lands once when the server is back.
 */

const PICKER = 'picker@demo.test';
const PUSH = '/api/v1/sync/push';
const REFRESH = '/api/login/refresh';
const OUTAGE_MS = 10_000;

test.use({ allowedConsoleError: CUT_CONNECTION });

const env = useProxiedServer('storm');

const apiToken = () => serverToken(env.server, PICKER);

async function freeOrder(token: string, skip: number[]): Promise<number> {
  for (let id = 24; id >= 1; id--) {
    if (skip.includes(id)) continue;
    const order = await orderOnServer(env.server, token, id);
    if (order?.picking_status_id === 2 && order.pickable && !order.has_problem) return id;
  }
  throw new Error('no unclaimed demo order left');
}

const used: number[] = [];

for (const tokenRunsOut of [false, true]) {
  const when = tokenRunsOut ? 'with the access token run out' : 'with a valid access token';
  test(`an outage ${when}: at most 6 pushes and 2 refreshes in 10 s, then the write lands once`, async ({
    page,
    context,
  }) => {
    const token = await apiToken();
    const orderId = await freeOrder(token, used);
    used.push(orderId);

    await pickerSignsIn(page, env.proxy.url, PICKER);

    // The server goes away (connections refused). Attempts are counted where they start, in the
    // page and the service worker: a refused connection never reaches the proxy.
    const tried = new Map<string, number>();
    context.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      tried.set(path, (tried.get(path) ?? 0) + 1);
    });
    await env.proxy.setMode('refuse');
    const started = Date.now();
    if (tokenRunsOut) {
      const session = await readMeta<Record<string, unknown>>(page, 'session');
      expect(session?.refresh_token).toBeTruthy();
      await writeMeta(page, 'session', {
        ...session,
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      });
      await page.reload(); // the app shell comes from the service worker's cache
    }
    await page.goto(`${env.proxy.url}/picker/${orderId}`);
    await expect(page.getByText('1 unsent')).toBeVisible({ timeout: 15_000 });

    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - started)));
    const pushes = tried.get(PUSH) ?? 0;
    const refreshes = tried.get(REFRESH) ?? 0;
    test.info().annotations.push({
      type: 'outage',
      description: `${pushes} pushes and ${refreshes} refreshes in ${OUTAGE_MS} ms`,
    });
    // The device did try (so the count sees its attempts), and no more than the backoff allows.
    expect(pushes + refreshes, 'attempts during the outage').toBeGreaterThanOrEqual(1);
    expect(pushes, 'pushes during the outage').toBeLessThanOrEqual(6);
    expect(refreshes, 'refreshes during the outage').toBeLessThanOrEqual(2);

    // The server is back: the claim lands once, by the backoff's own schedule.
    await env.proxy.setMode('pass');
    await expect(page.getByText('1 unsent')).toBeHidden({ timeout: 90_000 });
    const after = await orderOnServer(env.server, token, orderId);
    expect(after?.picking_status_id).toBe(1); // BEING_PICKED
    expect(tried.get(PUSH) ?? 0).toBeGreaterThan(pushes);
  });
}

/** What the sync engine asks of the server: sending, fetching, renewing, and the probe. */
const ENGINE_PATHS = new Set([PUSH, REFRESH, '/api/v1/sync/pull', '/api/health']);

test('a 60 s outage: at most 10 engine requests, and the queue goes within 10 s of the server coming back', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken();
  const orderId = await freeOrder(token, used);
  used.push(orderId);

  await pickerSignsIn(page, env.proxy.url, PICKER);

  const tried: { path: string; at: number }[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (ENGINE_PATHS.has(path))
      tried.push({ path: request.serviceWorker() ? `sw:${path}` : path, at: Date.now() });
  });
  await env.proxy.setMode('refuse');
  const started = Date.now();
  await page.goto(`${env.proxy.url}/picker/${orderId}`);
  await expect(page.getByText('1 unsent')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(Math.max(0, 60_000 - (Date.now() - started)));

  const during = tried.filter((t) => t.at >= started);
  const counts = new Map<string, number>();
  for (const t of during) counts.set(t.path, (counts.get(t.path) ?? 0) + 1);
  const timeline = JSON.stringify(during.map((t) => [t.path, t.at - started]));
  test.info().annotations.push({
    type: 'outage',
    description: `${during.length} engine requests in 60 s: ${JSON.stringify(Object.fromEntries(counts))}; ${timeline}`,
  });
  expect(during.length, `engine requests during a 60 s outage: ${timeline}`).toBeLessThanOrEqual(
    10,
  );

  await env.proxy.setMode('pass');
  const back = Date.now();
  await expect(page.getByText('1 unsent')).toBeHidden({ timeout: 30_000 });
  const drained = Date.now() - back;
  test.info().annotations.push({ type: 'drain', description: `${drained} ms` });
  expect(drained, 'the queue went within 10 s of the server coming back').toBeLessThanOrEqual(
    10_000,
  );
  expect((await orderOnServer(env.server, token, orderId))?.picking_status_id).toBe(1); // BEING_PICKED
});
