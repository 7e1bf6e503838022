import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, DEMO_PASSWORD, expect, loginAs, test } from './support/fixtures';
import { claimableOrder, orderItems, scanLocation, stockOf, UNASSIGNED } from './support/orders';
import {
  dispatchSync,
  outboxEntries,
  readMeta,
  writeMeta,
  type QueuedEntry,
} from './support/service-worker';

/**
 * The service worker sends the outbox itself: a picker queues floor writes offline (claims,
 * picks, finishes), every page of the app is closed, the network returns, and a Background Sync
 * event reaches the worker (fired over the DevTools protocol, as the browser fires it on
 * reconnect). Every write must land on the server exactly once with no page open — also when the
 * access token the worker finds stored is no longer accepted.
 */

const PICKER = 'picker@demo.test';
const WRITES = 20;
/** Orders other browser tests use (picked, refused, problem, status, camera). */
const USED_ELSEWHERE = new Set([1, 3, 5, 21, 22]);

interface ServerOrder {
  order_id: number;
  picking_status_id: number;
  pickable: number;
  has_problem: number;
}

async function orderOnServer(request: APIRequestContext, token: string, id: number) {
  const res = await request.get(`/api/v1/order?order_id=${id}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).results?.[0] as ServerOrder | undefined;
}

/** A demo order the picker can claim, not in `skip` nor used by other browser tests. */
const freeOrder = async (request: APIRequestContext, token: string, skip: number[] = []) =>
  (await claimableOrder(request, token, { skip: [...USED_ELSEWHERE, ...skip] })).id;

/**
 * With the network gone, work through unclaimed orders on the picker screen — the claim on
 * opening, each pick (the suggested quantity), Finish — until WRITES writes are queued.
 * Returns the orders touched.
 */
async function queueWritesOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  token: string,
) {
  await loginAs(page, PICKER);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();

  const orders: number[] = [];
  let unsent = 0;
  const queued = async () => {
    unsent += 1;
    await expect(page.getByText(`${unsent} unsent`)).toBeVisible();
  };
  while (unsent < WRITES) {
    const orderId = await freeOrder(request, token, orders);
    orders.push(orderId);
    await page.goto(`/picker/${orderId}`);
    // Offline the claim is not told as done: it waits for the server.
    await expect(page.getByText('Claim will be confirmed when you are back online')).toBeVisible();
    await queued();
    let picked = 0;
    while (unsent < WRITES) {
      const finish = page.getByRole('button', { name: 'Finish' });
      if (await finish.isVisible()) {
        await finish.click();
        await expect(page).toHaveURL(/\/user_orders$/);
        await queued();
        break;
      }
      if (await page.getByText('Scan the location', { exact: true }).isVisible()) {
        await scanLocation(page, (await page.getByTestId('location-code').textContent())!.trim());
      }
      const quantity = page.getByLabel('Quantity');
      await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
      picked += Number(await quantity.inputValue());
      await page.keyboard.press('Enter');
      await queued();
      // The screen has moved on (the order's progress counts the pick) before the next look.
      await expect(
        page.getByRole('progressbar', { name: new RegExp(`^Picked ${picked} of `) }),
      ).toBeVisible();
    }
  }
  return orders;
}

/** Close every page of the context: only the service worker is left. */
async function closeEveryPage(context: BrowserContext) {
  for (const open of context.pages()) await open.close();
  expect(context.pages()).toHaveLength(0);
}

function serverDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'warehouse.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Mutation ids the server applied for one device, from its database. */
function appliedIds(deviceId: string): string[] {
  return serverDb((db) =>
    (
      db
        .prepare("SELECT id FROM applied_mutations WHERE device_id = ? AND status = 'applied'")
        .all(deviceId) as Array<{ id: string }>
    ).map((r) => r.id),
  );
}

/** The refresh tokens of the session (family) a refresh token belongs to, oldest first. */
function sessionFamily(refreshToken: string) {
  const hash = createHash('sha256').update(refreshToken).digest('hex');
  return serverDb(
    (db) =>
      db
        .prepare(
          `SELECT token_hash, used_at, revoked_at FROM refresh_tokens
           WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?)
           ORDER BY id`,
        )
        .all(hash) as Array<{
        token_hash: string;
        used_at: string | null;
        revoked_at: string | null;
      }>,
  );
}

type ItemsByOrder = Map<number, OrderItemWithLocations[]>;

async function itemsOf(request: APIRequestContext, token: string, orders: number[]) {
  const all: ItemsByOrder = new Map();
  for (const id of orders) all.set(id, await orderItems(request, token, id));
  return all;
}

const pickedIn = (items: ItemsByOrder) =>
  [...items.values()].flat().reduce((n, i) => n + i.quantity_picked, 0);

/**
 * Each queued write took effect once on the server: every order item picked up by exactly what
 * its queued picks said and its stock down by as much; claimed orders held by the picker, finished
 * ones picked.
 */
async function expectEachWriteOnce(
  request: APIRequestContext,
  token: string,
  before: ItemsByOrder,
  entries: QueuedEntry[],
) {
  const after = await itemsOf(request, token, [...before.keys()]);
  const picks = entries.filter((e) => e.name === 'pick.confirm.v1');
  for (const [orderId, items] of before) {
    for (const item of items) {
      const now = after.get(orderId)!.find((i) => i.order_item_id === item.order_item_id)!;
      const queued = picks
        .filter((p) => p.args.order_item_id === item.order_item_id)
        .reduce((n, p) => n + Number(p.args.quantity), 0);
      const label = `item ${item.item_id} of order ${orderId}`;
      expect(now.quantity_picked - item.quantity_picked, `picked of ${label}`).toBe(queued);
      expect(stockOf(item) - stockOf(now), `stock of ${label}`).toBe(queued);
    }
    const finished = entries.some(
      (e) => e.name === 'order.finish.v1' && e.args.order_id === orderId,
    );
    // Finishing sets PICKED when everything ordered was picked, else PAUSED (a stop may have held
    // less than ordered after earlier specs took stock); an order not finished stays claimed.
    const complete = after.get(orderId)!.every((i) => i.quantity_picked >= i.quantity_ordered);
    const order = (await orderOnServer(request, token, orderId))!;
    expect(order.picking_status_id, `status of order ${orderId}`).toBe(
      finished ? (complete ? 4 : 3) : 1,
    );
  }
}

/** A page of the app again: still signed in, nothing left to send, no error on the console. */
async function reopen(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/user_orders');
  await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0);
  expect(await outboxEntries(page)).toEqual([]);
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  expect(errors).toEqual([]);
  return page;
}

interface Run {
  request: APIRequestContext;
  context: BrowserContext;
  page: Page;
}

/** Queue the writes offline, close every page, reconnect, fire the sync; every write lands once. */
async function sendWithNoPageOpen(run: Run, beforeClosing?: (page: Page) => Promise<void>) {
  const { request, context, page } = run;
  const { access_token: token } = await apiLogin(request, PICKER);
  const orders = await queueWritesOffline(page, context, request, token);
  const entries = await outboxEntries(page);
  expect(entries).toHaveLength(WRITES);
  expect(entries.every((e) => e.state === 'pending')).toBe(true);
  const before = await itemsOf(request, token, orders);
  const origin = new URL(page.url()).origin;
  const deviceId = (await readMeta<string>(page, 'device_id'))!;
  expect(deviceId).toBeTruthy();
  await beforeClosing?.(page);

  await closeEveryPage(context);
  // Nothing has reached the server yet.
  expect(pickedIn(await itemsOf(request, token, orders))).toBe(pickedIn(before));
  for (const id of orders) {
    expect((await orderOnServer(request, token, id))!.picking_status_id).toBe(UNASSIGNED);
  }

  await context.setOffline(false);
  const reconnectedAt = Date.now();
  await dispatchSync(context, origin);
  const ids = entries.map((e) => e.id);
  await expect
    .poll(() => ids.filter((id) => appliedIds(deviceId).includes(id)).length, {
      timeout: 90_000,
      intervals: [500],
    })
    .toBe(WRITES);
  test.info().annotations.push({
    type: 'sent by the worker',
    description: `${WRITES} writes on the server ${Date.now() - reconnectedAt} ms after reconnecting`,
  });
  expect(context.pages()).toHaveLength(0);
  expect(appliedIds(deviceId).sort()).toEqual([...ids].sort());
  await expectEachWriteOnce(request, token, before, entries);
}

test.describe('the service worker sends the outbox with no page open', () => {
  test.describe.configure({ timeout: 180_000 });

  test(`${WRITES} writes queued offline land once after every page is closed`, async ({
    page,
    context,
    request,
  }) => {
    await sendWithNoPageOpen({ request, context, page });
    await reopen(context);
  });

  test('the same when the stored access token is refused meanwhile: the worker refreshes and goes on', async ({
    page,
    context,
    request,
  }) => {
    let refreshToken = '';
    await sendWithNoPageOpen({ request, context, page }, async (open) => {
      const session = (await readMeta<{ access_token: string; refresh_token: string }>(
        open,
        'session',
      ))!;
      refreshToken = session.refresh_token;
      // The server no longer accepts the access token (its lifetime ended there); the device
      // still believes it valid, so the worker's first push gets a 401.
      const [header, payload, signature] = session.access_token.split('.');
      const refused = `${header}.${payload}.${'A'.repeat(signature.length)}`;
      await writeMeta(open, 'session', { ...session, access_token: refused });
    });
    // The worker refreshed exactly once, with the stored refresh token, and the session lives:
    // the old token used, its successor stored on the device, nothing revoked.
    const family = sessionFamily(refreshToken);
    expect(family).toHaveLength(2);
    expect(family[0].used_at).not.toBeNull();
    expect(family.every((t) => t.revoked_at === null)).toBe(true);
    const again = await reopen(context);
    const session = await readMeta<{ refresh_token: string }>(again, 'session');
    const stored = createHash('sha256').update(session!.refresh_token).digest('hex');
    expect(stored).toBe(family[1].token_hash);
  });
});

test('the worker tells an open window what it sent', async ({ page, context, request }) => {
  const { access_token: token } = await apiLogin(request, PICKER);
  await loginAs(page, PICKER);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();
  const orderId = await freeOrder(request, token);
  await page.goto(`/picker/${orderId}`);
  // Offline the claim is not told as done: it waits for the server.
  await expect(page.getByText('Claim will be confirmed when you are back online')).toBeVisible();
  await expect(page.getByText('1 unsent')).toBeVisible();

  // A page of the app without the signed-in shell, so without the page's own sync engine:
  // only the worker can send the claim.
  await page.goto('/forgot_password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { workerMessages: unknown[] };
    w.workerMessages = [];
    navigator.serviceWorker.addEventListener('message', (e) => w.workerMessages.push(e.data));
  });
  await context.setOffline(false);
  await dispatchSync(context, new URL(page.url()).origin);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages),
    )
    .toContainEqual(expect.objectContaining({ type: 'outbox-flushed', applied: 1 }));
  expect((await orderOnServer(request, token, orderId))!.picking_status_id).toBe(1);
});

test('a session the server ended while no page was open: the work waits, the user is told on the next open', async ({
  page,
  context,
  request,
}) => {
  let { access_token: token } = await apiLogin(request, PICKER);
  // Chosen (and, when every demo order has been used, set back to unassigned) before the device
  // signs in, so the device's first pull brings the order as it is now.
  const { id: orderId, number } = await claimableOrder(request, token, { skip: USED_ELSEWHERE });
  await loginAs(page, PICKER);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await page.goto('/user_orders');
  await expect(page.getByTestId('picker-order').filter({ hasText: number })).toBeVisible({
    timeout: 30_000,
  });
  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();
  await page.goto(`/picker/${orderId}`);
  // Offline the claim is not told as done: it waits for the server.
  await expect(page.getByText('Claim will be confirmed when you are back online')).toBeVisible();
  await expect(page.getByText('1 unsent')).toBeVisible();

  // Meanwhile the session ends on the server (signed out elsewhere, an admin revoked it), and the
  // device's access token is no longer accepted either.
  const session = (await readMeta<{ access_token: string; refresh_token: string }>(
    page,
    'session',
  ))!;
  const [header, payload, signature] = session.access_token.split('.');
  await writeMeta(page, 'session', {
    ...session,
    access_token: `${header}.${payload}.${'A'.repeat(signature.length)}`,
  });
  const origin = new URL(page.url()).origin;
  await closeEveryPage(context);
  const ended = await request.post('/api/logout', { headers: bearer(session.refresh_token) });
  expect(ended.status()).toBe(200);
  // Logging out ends the user's access tokens, the test's own too: it signs in afresh.
  ({ access_token: token } = await apiLogin(request, PICKER));

  // The worker's push gets a 401, its refresh is refused: it stops with the claim kept.
  await context.setOffline(false);
  await dispatchSync(context, origin);
  // Looked at from a page of the origin that is not the app (the API's health answer).
  const probe = await context.newPage();
  await probe.goto('/api/health');
  await expect.poll(() => readMeta(probe, 'session_ended'), { timeout: 30_000 }).toBeTruthy();
  expect(await readMeta(probe, 'session')).toBeUndefined();
  await probe.close();

  const again = await context.newPage();
  await again.goto('/user_orders');
  await expect(again.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect((await outboxEntries(again)).map((e) => e.state)).toEqual(['pending']);
  expect((await orderOnServer(request, token, orderId))!.picking_status_id).toBe(UNASSIGNED);

  // The same user signs in again: the claim goes out.
  await again.getByLabel('Email').fill(PICKER);
  await again.getByLabel('Password').fill(DEMO_PASSWORD);
  await again.getByRole('button', { name: 'Log in' }).click();
  await expect(again.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
  await expect
    .poll(async () => (await orderOnServer(request, token, orderId))!.picking_status_id)
    .toBe(1);
  await expect(again.getByText(/\d+ unsent/)).toHaveCount(0);
});
