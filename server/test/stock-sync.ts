import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeBrickLink, type FakeBrickLink } from '../../tests/support/fake-bricklink';
import { startFakeBrickOwl, type FakeBrickOwl } from '../../tests/support/fake-brickowl';
import type { App } from '../app';
import type { DialectName } from '../db';
import { nowIso } from '../db/dialect';
import { createTestApp, type TestApp } from './helpers';
import { bearerFor, companyId } from './locations-support';
import { queueUpload, type JobRunner } from '../jobs';
import { bricklinkParts, drain, requestOrderIntake, syncBatchOf, testRunner } from './jobs';
import { itemsWithLooks } from '../db/item-joins';

/** Test helpers of the stock-sync suite (not used by the server). */

/** The item's stock: exactly `quantity`, in one of the company's locations. */
export async function setStock(
  app: App,
  companyId: number,
  itemId: number,
  quantity: number,
): Promise<void> {
  const item = await app.db
    .selectFrom('items')
    .select('colour_id')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  const location = await app.db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await app.db.deleteFrom('location_content').where('item_id', '=', itemId).execute();
  await app.db
    .insertInto('location_content')
    .values({
      company_id: companyId,
      location_id: location.id,
      item_id: itemId,
      colour_id: item.colour_id,
      quantity,
      updated_at: nowIso(),
    })
    .execute();
}

export async function storeItem(app: App, storeId: number, itemId: number) {
  return app.db
    .selectFrom('store_items')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
}

/** The marketplace lot id the store item records, or undefined when there is no store item. */
export async function lotOf(app: App, storeId: number, itemId: number) {
  const row = await app.db
    .selectFrom('store_items')
    .select('external_lot_id')
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.external_lot_id ?? undefined;
}

/** POST /api/v1/stock_sync, for one store or all. */
export function syncNow(app: App, auth: string, storeId?: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/stock_sync',
    headers: { authorization: auth },
    payload: storeId === undefined ? {} : { store_id: storeId },
  });
}

/**
 * The stock-sync suites' world: a test app on `dialect`, both fake marketplaces, a bricksyncer,
 * a runner, and part items no demo order holds back (`part()` hands out a fresh one per use).
 */
export function stockSyncSuite(dialect: DialectName) {
  const s = {} as {
    t: TestApp;
    bl: FakeBrickLink;
    bo: FakeBrickOwl;
    syncer: string;
    demo: number;
    runner: JobRunner;
  };
  let parts: number[] = [];
  let next = 0;
  const urls = () => ({ bricklink: s.bl.url, brickowl: s.bo.url });
  beforeAll(async () => {
    s.t = await createTestApp(dialect);
    s.bl = await startFakeBrickLink();
    s.bo = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
    s.syncer = await bearerFor(s.t.app, 'Demo Bricks', ['bricksyncer']);
    s.demo = await companyId(s.t.app, 'Demo Bricks');
    const rows = await bricklinkParts(s.t.app, s.demo)
      .select('i.id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items as oi').select('oi.id').whereRef('oi.item_id', '=', 'i.id'),
          ),
        ),
      )
      .limit(20)
      .execute();
    parts = rows.map((r) => Number(r.id));
    s.runner = testRunner(s.t.app, urls());
  });
  afterAll(async () => {
    await s.bl.close();
    await s.bo.close();
    await s.t.close();
  });
  /** Order intake of the store, and every job it queues. */
  const intake = async (store: number) => {
    const res = await requestOrderIntake(s.t.app, s.syncer, store);
    expect(res.statusCode, res.body).toBe(202);
    await drain(s.runner);
  };
  return Object.assign(s, {
    urls,
    part: () => parts[next++],
    /** Uploads a batch of the lots (price 0.25 each) to the stores and runs every job. */
    async upload(
      stores: number[],
      lots: { itemId: number; quantity: number; notePublic?: string }[],
    ) {
      const batch = await syncBatchOf(
        s.t.app,
        s.demo,
        lots.map((l) => ({ ...l, price: 250 })),
      );
      await queueUpload(s.t.app.db, s.demo, batch, null, stores);
      await drain(s.runner);
    },
    intake,
    /**
     * BrickLink sells `quantity` of the item from the store's lot (and takes it off the lot) in
     * order `orderId`; the order intake brings it in.
     */
    async sellOnBrickLink(
      store: number,
      itemId: number,
      quantity: number,
      order: { orderId: number; buyer: string },
    ) {
      const lotId = Number(await lotOf(s.t.app, store, itemId));
      s.bl.inventory.get(lotId)!.quantity -= quantity;
      const item = await itemsWithLooks(s.t.app.db)
        .select(['m.bl_mold_id', 'c.bl_colour_id'])
        .where('i.id', '=', itemId)
        .executeTakeFirstOrThrow();
      s.bl.addOrder(
        {
          order_id: order.orderId,
          date_ordered: nowIso(),
          buyer_name: order.buyer,
          status: 'PAID',
          total_count: quantity,
          unique_count: 1,
        },
        [
          [
            {
              inventory_id: lotId,
              item: { no: item.bl_mold_id!, type: 'PART' },
              color_id: Number(item.bl_colour_id),
              quantity,
              new_or_used: 'N',
              unit_price: '0.2500',
            },
          ],
        ],
      );
      await intake(store);
    },
    async blQuantity(store: number, itemId: number) {
      return s.bl.inventory.get(Number(await lotOf(s.t.app, store, itemId)))?.quantity;
    },
    async boQuantity(store: number, itemId: number) {
      const lot = s.bo.lots.get((await lotOf(s.t.app, store, itemId))!);
      return lot ? Number(lot.quantity) : undefined;
    },
  });
}
