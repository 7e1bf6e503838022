import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PickingMutation } from '../../contract/mutations/picking';
import { PickingStatus } from '../../contract/orders';
import { Permission } from '../../contract/permissions';
import { collectionsPulledBy } from '../../contract/sync-collections';
import { ms, signedInPage, type Bench, withDemoBrowser } from './support';
import { signIn } from '../support/server-process';

const WRITES = 1000;
/** What a picker's device pulls (the first sync is over when each has a cursor). */
const PICKER_COLLECTIONS = collectionsPulledBy([Permission.picker]);
const PICKER = 'picker@demo.test';
const PASSWORD = 'demo-password';
/** Goals: the batched flush of 1,000 writes within 3 s, and at least 10× one request per write. */
const GOAL_MS = 3000;
const GOAL_SPEEDUP = 10;

interface PickTarget {
  orderId: number;
  orderItemId: number;
  locationId: number;
  userId: number;
}

/**
 * Makes one order item of the demo data pickable 2 × WRITES times, one brick at a time: the order
 * is BEING_PICKED by the picker, the item is ordered that often and its location holds that stock.
 */
function preparePicks(dataDir: string): PickTarget {
  const db = new Database(join(dataDir, 'warehouse.sqlite'));
  try {
    const user = db.prepare('select id, company_id from users where email = ?').get(PICKER) as {
      id: number;
      company_id: number;
    };
    const item = db
      .prepare(
        `select oi.id, oi.order_id, oi.item_id from order_items oi
         join orders o on o.id = oi.order_id
         where o.company_id = ? and o.pickable = 1 order by oi.id limit 1`,
      )
      .get(user.company_id) as { id: number; order_id: number; item_id: number };
    const stock = db
      .prepare('select id, location_id from location_content where company_id = ? and item_id = ?')
      .get(user.company_id, item.item_id) as { id: number; location_id: number } | undefined;
    const location =
      stock?.location_id ??
      (
        db
          .prepare('select id from locations where company_id = ? order by id limit 1')
          .get(user.company_id) as { id: number }
      ).id;
    db.transaction(() => {
      db.prepare(
        'update orders set picking_status_id = ?, claimed_by_user_id = ?, claimed_at = ? where id = ?',
      ).run(PickingStatus.BEING_PICKED, user.id, new Date().toISOString(), item.order_id);
      db.prepare(
        'update order_items set quantity_ordered = ?, quantity_picked = 0 where id = ?',
      ).run(2 * WRITES, item.id);
      if (stock) {
        db.prepare('update location_content set quantity = ? where id = ?').run(
          2 * WRITES,
          stock.id,
        );
      } else {
        db.prepare(
          'insert into location_content (company_id, location_id, item_id, quantity) values (?, ?, ?, ?)',
        ).run(user.company_id, location, item.item_id, 2 * WRITES);
      }
    })();
    return { orderId: item.order_id, orderItemId: item.id, locationId: location, userId: user.id };
  } finally {
    db.close();
  }
}

/** Picks the server has recorded for the item (read beside the running server; WAL allows it). */
function pickedOnServer(dataDir: string, orderItemId: number): number {
  const db = new Database(join(dataDir, 'warehouse.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('select quantity_picked as n from order_items where id = ?').get(orderItemId) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

// Page scripts are strings: tsx would wrap named functions in a helper the page lacks.
const OPEN_DB = `new Promise((ok, fail) => {
  const req = indexedDB.open('brick-warehouse');
  req.onsuccess = () => ok(req.result);
  req.onerror = () => fail(req.error);
})`;

/**
 * Queues `count` pick.confirm.v1 entries in the app's outbox as enqueue() stores them (owner, uuid
 * id, next seq, pending), in one IndexedDB transaction.
 */
function queuePicks(page: Page, count: number, args: object, name: string) {
  return page.evaluate(`(async () => {
    const db = await ${OPEN_DB};
    const tx = db.transaction(['outbox', 'meta'], 'readwrite');
    const meta = tx.objectStore('meta');
    const get = (key) => new Promise((ok) => { const r = meta.get(key); r.onsuccess = () => ok(r.result?.value); });
    const owner = await get('owner');
    let seq = (await get('next_seq')) ?? 1;
    const outbox = tx.objectStore('outbox');
    for (let i = 0; i < ${count}; i++) {
      outbox.add({
        ...(owner ? { owner } : {}),
        id: crypto.randomUUID(),
        seq: seq++,
        name: ${JSON.stringify(name)},
        args: ${JSON.stringify(args)},
        createdAt: new Date().toISOString(),
        state: 'pending',
        attempts: 0,
        faults: 0,
        nextAttemptAt: 0,
      });
    }
    meta.put({ key: 'next_seq', value: seq });
    await new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
    db.close();
  })()`);
}

/** Entries still to reach the server (pending or sending) in the page's outbox. */
function unsentInPage(page: Page): Promise<number> {
  return page.evaluate(`(async () => {
    const db = await ${OPEN_DB};
    const store = db.transaction('outbox').objectStore('outbox');
    const count = (state) => new Promise((ok) => { const r = store.index('state').count(state); r.onsuccess = () => ok(r.result); });
    const n = (await count('pending')) + (await count('sending'));
    db.close();
    return n;
  })()`) as Promise<number>;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The client's flush in headless Chromium against the real server and the built PWA: the picker
 * signs in, goes offline, 1,000 picks wait in the outbox, the network comes back and the app's
 * own sync engine sends them (time until the outbox is empty and the server counts all 1,000).
 * Beside it, in the same page, the same 1,000 picks sent as one push request each, one after the
 * other, as a client without batching would.
 */
export const clientFlush: Bench = {
  name: 'client-flush',
  run: () =>
    withDemoBrowser(
      'client-flush',
      preparePicks,
      async ({ dataDir, prepared: target, server, browser }) => {
        const { context, page } = await signedInPage(browser, server, PICKER, PASSWORD);
        // The first sync is done when every collection a picker pulls has a cursor on the device.
        await until(
          async () =>
            (await page.evaluate(`(async () => {
            const db = await ${OPEN_DB};
            const meta = db.transaction('meta').objectStore('meta');
            const keys = ${JSON.stringify(PICKER_COLLECTIONS.map((c) => `cursor:${c}`))};
            const found = await Promise.all(keys.map((key) => new Promise((ok) => {
              const r = meta.get(key);
              r.onsuccess = () => ok(r.result !== undefined);
            })));
            db.close();
            return found.every(Boolean);
          })()`)) === true,
          60_000,
        );

        const args = {
          order_id: target.orderId,
          order_item_id: target.orderItemId,
          location_id: target.locationId,
          quantity: 1,
        };

        // Batched: the app's engine flushes what queued up offline.
        await context.setOffline(true);
        await queuePicks(page, WRITES, args, PickingMutation.pick);
        const queued = await unsentInPage(page);
        const started = performance.now();
        // BENCH_TRACE=1 prints every request of the flush with its time (where the time goes).
        const trace: string[] = [];
        if (process.env.BENCH_TRACE) {
          const sent = new Map<object, number>();
          page.on('request', (r) => {
            sent.set(r, performance.now());
            trace.push(
              `${Math.round(performance.now() - started)} → ${r.method()} ${r.url().replace(server.baseUrl, '')}`,
            );
          });
          page.on('requestfinished', (r) =>
            trace.push(
              `${Math.round(performance.now() - started)} ← ${r.url().replace(server.baseUrl, '')} (${Math.round(performance.now() - (sent.get(r) ?? 0))} ms)`,
            ),
          );
        }
        await context.setOffline(false);
        let emptyMs = 0;
        let serverMs = 0;
        await until(async () => {
          const now = performance.now() - started;
          if (!emptyMs && (await unsentInPage(page)) === 0) emptyMs = now;
          if (!serverMs && pickedOnServer(dataDir, target.orderItemId) >= WRITES) serverMs = now;
          return emptyMs > 0 && serverMs > 0;
        }, 120_000);
        const batchedMs = Math.max(emptyMs, serverMs);
        if (trace.length) console.log(trace.join('\n'));
        const afterBatched = pickedOnServer(dataDir, target.orderItemId);

        // One request per write, from the same page, sequential.
        const token = (await signIn(server.baseUrl, PICKER, PASSWORD)).access_token;
        const singleMs = (await page.evaluate(`(async () => {
        const device = crypto.randomUUID();
        const started = performance.now();
        for (let seq = 1; seq <= ${WRITES}; seq++) {
          const res = await fetch('/api/v1/sync/push', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer ${token}' },
            body: JSON.stringify({
              device_id: device,
              mutations: [{ id: crypto.randomUUID(), seq, name: ${JSON.stringify(PickingMutation.pick)}, args: ${JSON.stringify(args)} }],
            }),
          });
          const body = await res.json();
          if (!res.ok || body.results?.[0]?.status !== 'applied') {
            throw new Error('push ' + seq + ': ' + res.status + ' ' + JSON.stringify(body).slice(0, 200));
          }
        }
        return performance.now() - started;
      })()`)) as number;
        const afterSingle = pickedOnServer(dataDir, target.orderItemId);

        const speedup = singleMs / batchedMs;
        const complete = queued === WRITES && afterBatched === WRITES && afterSingle === 2 * WRITES;
        return [
          {
            bench: 'client-flush',
            measure: `${WRITES} queued picks flushed after reconnect (app engine, Chromium)`,
            value: ms(batchedMs),
            goal: `≤ ${GOAL_MS} ms`,
            ok: complete && batchedMs <= GOAL_MS,
            note: `outbox empty ${ms(emptyMs)}, server has all ${ms(serverMs)}; server count ${afterBatched}`,
          },
          {
            bench: 'client-flush',
            measure: `the same ${WRITES} picks, one push request each (sequential)`,
            value: ms(singleMs),
            note: `server count ${afterSingle - afterBatched}`,
          },
          {
            bench: 'client-flush',
            measure: 'batched flush vs one request per write',
            value: `${speedup.toFixed(1)}× faster`,
            goal: `≥ ${GOAL_SPEEDUP}×`,
            ok: complete && speedup >= GOAL_SPEEDUP,
          },
        ];
      },
    ),
};

// `npx tsx tests/bench/client-flush.ts` runs it alone.
if (process.argv[1]?.endsWith('client-flush.ts')) {
  for (const row of await clientFlush.run()) {
    console.log(`${row.measure}: ${row.value}  goal ${row.goal ?? '-'}  ${row.note ?? ''}`);
  }
}
