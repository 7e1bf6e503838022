// Exactly-once under faults: 1,000 offline floor writes (picks and issue reports) queued in the device engine are flushed
// to the real server through a proxy that loses ~10% of requests before they reach the server and
// ~10% of answers after the server committed, and the server is SIGKILLed once mid-flush and
// restarted on the same data. Afterwards every write must be on the server exactly once, and the
// outbox empty.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PickingMutation } from '../../contract/mutations/picking';
import { PickingStatus } from '../../contract/orders';
import type { PushRequest } from '../../contract/sync';
import { openDatabase } from '../../server/db';
import { makeOrder, orderItemId } from '../../server/test/orders-fixture';
import { countUnsent, enqueue, flush, listOutbox } from '../../src/offline/engine';
import { proxiedServer } from '../support/proxied-server';
import { signIn, startServerProcess } from '../support/server-process';

const WRITES = 1000;
/** Small pushes, so the faults hit many of them (100+ pushes instead of 10). */
const BATCH = 10;
const PUSH_PATH = '/api/v1/sync/push';

const s = proxiedServer('faults');
beforeAll(() => s.start(), 90_000);
afterAll(() => s.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const STOCK = 5000;

/**
 * An order of the demo company claimed by the demo picker, asking for more pieces of a stocked
 * item than the test picks, with STOCK pieces at the location: written into the server's
 * database beside the running server, as an order import would.
 */
async function claimedOrderWithStock() {
  const { db, destroy } = openDatabase({ dataDir: s.dataDir });
  try {
    const picker = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'picker@demo.test')
      .executeTakeFirstOrThrow();
    const stock = await db
      .selectFrom('location_content')
      .innerJoin('locations', 'locations.id', 'location_content.location_id')
      .select(['location_content.id', 'location_content.location_id', 'location_content.item_id'])
      .where('locations.company_id', '=', picker.company_id)
      .orderBy('location_content.id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('location_content')
      .set({ quantity: STOCK })
      .where('id', '=', stock.id)
      .execute();
    const orderId = await makeOrder(db, picker.company_id, {
      items: [[stock.item_id, WRITES]],
      pickingStatusId: PickingStatus.BEING_PICKED,
      claimedBy: picker.id,
    });
    return {
      stockRowId: stock.id,
      args: {
        order_id: orderId,
        order_item_id: await orderItemId(db, orderId, stock.item_id),
        location_id: stock.location_id,
        quantity: 1,
      },
    };
  } finally {
    await destroy();
  }
}

describe('exactly-once under faults', () => {
  it('applies 1,000 offline writes once through dropped requests, lost answers and a SIGKILL', async () => {
    const { access_token } = await signIn(s.server.url, 'picker@demo.test');
    const pick = await claimedOrderWithStock();
    const run = globalThis.crypto.randomUUID().slice(0, 8);
    // Half picks of one piece (stock and picked count must move once per pick), half issue notes
    // (each must be stored once), interleaved.
    for (let i = 0; i < WRITES; i++) {
      if (i % 2 === 0) await enqueue(PickingMutation.pick, pick.args);
      else await enqueue(PickingMutation.issue, { note: `fault run ${run} #${i}`, manager_id: 1 });
    }
    const queued = await listOutbox();
    expect(queued).toHaveLength(WRITES);
    const ids = queued.map((e) => e.id);

    // Writes whose push answer reached the device.
    let heard = 0;
    const pushFn = async (body: PushRequest) => {
      const response = await fetch(`${s.proxy.url}${PUSH_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) heard += body.mutations.length;
      return response;
    };

    await s.proxy.setMode({ dropBefore: 0.1, dropAfter: 0.1 });
    const deadline = Date.now() + 90_000;
    let flushing = true;
    const flushLoop = (async () => {
      try {
        while ((await countUnsent()) > 0) {
          if (Date.now() > deadline) throw new Error('the outbox did not drain within 90 s');
          const result = await flush({ pushFn, ignoreBackoff: true, batchSize: BATCH });
          if (result.status === 'signed-out') throw new Error('signed out while flushing');
          if (result.status !== 'done') await sleep(20);
        }
      } finally {
        flushing = false;
      }
    })();

    // Kill the server once the flush is well under way, restart it on the same port and data.
    // (Progress is read from the answers, not from IndexedDB: polling the outbox would queue
    // behind the engine's own transactions and slow the flush down.)
    let unsentAtKill = -1;
    while (flushing && heard < WRITES * 0.4) await sleep(10);
    if (flushing) {
      unsentAtKill = WRITES - heard;
      const port = s.server.port;
      await s.server.kill();
      await sleep(300);
      s.server = await startServerProcess({ dataDir: s.dataDir, port });
    }
    await flushLoop;

    // Nothing left behind on the device: no pending, in-flight, rejected or stuck entry.
    expect(await listOutbox()).toEqual([]);
    // The faults really happened, and the kill came mid-flush.
    expect(unsentAtKill).toBeGreaterThan(0);
    expect(unsentAtKill).toBeLessThan(WRITES);
    expect(s.proxy.stats.droppedBefore).toBeGreaterThan(0);
    expect(s.proxy.stats.droppedAfter).toBeGreaterThan(0);
    expect(s.proxy.count(PUSH_PATH)).toBeGreaterThan(WRITES / BATCH);

    // On the server: each write recorded and applied once, each note stored once.
    const db = new Database(join(s.dataDir, 'warehouse.sqlite'), { readonly: true });
    try {
      const notes = db
        .prepare(`select note, count(*) as n from issues where note like ? group by note`)
        .all(`fault run ${run} #%`) as { note: string; n: number }[];
      expect(notes.filter((r) => r.n !== 1)).toEqual([]);
      expect(notes).toHaveLength(WRITES / 2);
      const stock = db
        .prepare(`select quantity from location_content where id = ?`)
        .get(pick.stockRowId) as { quantity: number };
      expect(STOCK - stock.quantity).toBe(WRITES / 2);
      const item = db
        .prepare(`select quantity_picked from order_items where id = ?`)
        .get(pick.args.order_item_id) as { quantity_picked: number };
      expect(item.quantity_picked).toBe(WRITES / 2);
      const recorded = db
        .prepare(
          `select status, count(*) as n from applied_mutations where id in (select value from json_each(?)) group by status`,
        )
        .all(JSON.stringify(ids)) as { status: string; n: number }[];
      expect(recorded).toEqual([{ status: 'applied', n: WRITES }]);
    } finally {
      db.close();
    }
    console.info(
      `exactly-once: ${s.proxy.count(PUSH_PATH)} pushes for ${WRITES} writes, ` +
        `${s.proxy.stats.droppedBefore} dropped before and ${s.proxy.stats.droppedAfter} after the ` +
        `server, SIGKILL with ${unsentAtKill} unsent`,
    );
  }, 150_000);
});
