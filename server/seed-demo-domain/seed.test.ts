import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import {
  DEMO_CLAIMED_BATCH_ID,
  DEMO_LOCATION_TOTAL,
  DEMO_NEW_ITEM_LOCATION_CODES,
  DEMO_ORDER_IDS,
  DEMO_ORDER_ROLES,
  DEMO_PICKABLE_ORDER_IDS,
  DEMO_ROOT_LOCATION_ID,
  DEMO_WAREHOUSE_BATCH_IDS,
  OTHER_ITEM_IDS,
  OTHER_ORDER_ID,
  OTHER_ROOT_LOCATION_ID,
} from '.';

async function companyId(db: Kysely<Database>, name: string): Promise<number> {
  return (
    await db.selectFrom('companies').select('id').where('name', '=', name).executeTakeFirstOrThrow()
  ).id;
}

describeEachDialect('demo domain data', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let demo: number;
  let other: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    db = t.app.db;
    demo = await companyId(db, 'Demo Bricks');
    other = await companyId(db, 'Other Bricks');
  });
  afterAll(() => t.close());

  it('has a location tree rooted at id 1 with a unique scannable code everywhere', async () => {
    const locations = await db.selectFrom('locations').selectAll().orderBy('id').execute();
    const mine = locations.filter((l) => l.company_id === demo);
    expect(mine).toHaveLength(DEMO_LOCATION_TOTAL);
    expect(mine[0]).toMatchObject({
      id: DEMO_ROOT_LOCATION_ID,
      name: 'Warehouse',
      parent_id: null,
    });
    expect(new Set(mine.map((l) => l.code)).size).toBe(mine.length);
    const bins = mine.filter((l) => l.name.startsWith('Bin '));
    expect(bins.length).toBe(216);
    for (const b of bins) expect(b.code).toMatch(/^H[12]-A0[1-3]-R0[1-3]-S[1-3]-B[1-4]$/);
    const flagged = mine.filter((l) => l.is_selected_new_location === 1).map((l) => l.code);
    expect(flagged.sort()).toEqual([...DEMO_NEW_ITEM_LOCATION_CODES].sort());
    const ids = new Set(mine.map((l) => l.id));
    for (const l of mine.slice(1)) expect(ids.has(l.parent_id!)).toBe(true);
    const otherRoot = locations.find((l) => l.id === OTHER_ROOT_LOCATION_ID);
    expect(otherRoot).toMatchObject({ company_id: other, parent_id: null });
  });

  it('has enough stock to pick every demo order fully', async () => {
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('company_id', '=', demo)
      .orderBy('id')
      .execute();
    expect(orders.map((o) => o.id)).toEqual(DEMO_ORDER_IDS);
    expect(new Set(orders.map((o) => o.store_platform))).toEqual(
      new Set(['BRICKLINK', 'BRICKOWL']),
    );
    const lines = await db
      .selectFrom('order_items')
      .selectAll()
      .where('company_id', '=', demo)
      .execute();
    for (const o of orders) {
      const n = lines.filter((l) => l.order_id === o.id).length;
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(8);
    }
    const stock = await db
      .selectFrom('location_content')
      .select(['item_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
      .where('company_id', '=', demo)
      .groupBy('item_id')
      .execute();
    const have = new Map(stock.map((s) => [s.item_id, Number(s.total)]));
    const need = new Map<number, number>();
    for (const l of lines) need.set(l.item_id, (need.get(l.item_id) ?? 0) + l.quantity_ordered);
    for (const [item, qty] of need) expect(have.get(item) ?? 0).toBeGreaterThanOrEqual(qty);
  });

  it('mixes picking states', async () => {
    const orders = await db
      .selectFrom('orders')
      .selectAll()
      .where('company_id', '=', demo)
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    expect(byId.get(DEMO_ORDER_ROLES.problem)).toMatchObject({ has_problem: 1 });
    expect(byId.get(DEMO_ORDER_ROLES.problem)!.picker_issue).toBeTruthy();
    expect(byId.get(DEMO_ORDER_ROLES.notPickable)).toMatchObject({
      pickable: 0,
      picking_status_id: 2,
    });
    expect(byId.get(DEMO_ORDER_ROLES.picked)).toMatchObject({ picking_status_id: 4 });
    for (const id of DEMO_PICKABLE_ORDER_IDS) {
      expect(byId.get(id)).toMatchObject({ picking_status_id: 2, pickable: 1, has_problem: 0 });
    }
    expect(DEMO_PICKABLE_ORDER_IDS.length).toBeGreaterThan(DEMO_ORDER_IDS.length / 2);
    const picked = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', DEMO_ORDER_ROLES.picked)
      .execute();
    for (const l of picked) expect(l.quantity_picked).toBe(l.quantity_ordered);
  });

  it('has warehouse batches with trays ready for filling of items that exist', async () => {
    const trays = await db
      .selectFrom('trays')
      .innerJoin('items', 'items.id', 'trays.item_id')
      .select(['trays.batch_id', 'trays.status', 'trays.quantity', 'items.company_id'])
      .where('trays.batch_id', 'in', DEMO_WAREHOUSE_BATCH_IDS)
      .execute();
    for (const batch of DEMO_WAREHOUSE_BATCH_IDS) {
      const mine = trays.filter((tr) => tr.batch_id === batch);
      expect(mine.some((tr) => tr.status === 'ready for filling')).toBe(true);
      for (const tr of mine) expect(tr).toMatchObject({ company_id: demo });
      for (const tr of mine) expect(tr.quantity).toBeGreaterThan(0);
    }
    const claimed = await db
      .selectFrom('batches')
      .select('write_permission_user_id')
      .where('id', '=', DEMO_CLAIMED_BATCH_ID)
      .executeTakeFirstOrThrow();
    expect(claimed.write_permission_user_id).not.toBeNull();
  });

  it('has open issues for the warehouse manager and the order manager', async () => {
    const open = await db
      .selectFrom('issues')
      .select('manager_id')
      .where('company_id', '=', demo)
      .where('solved', '=', 0)
      .execute();
    expect(open.some((i) => i.manager_id === 1)).toBe(true);
    expect(open.some((i) => i.manager_id === 2)).toBe(true);
  });

  it('keeps Other Bricks data apart', async () => {
    const order = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', OTHER_ORDER_ID)
      .executeTakeFirstOrThrow();
    expect(order.company_id).toBe(other);
    const lines = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', OTHER_ORDER_ID)
      .execute();
    for (const l of lines) expect(OTHER_ITEM_IDS).toContain(l.item_id);
    const demoLines = await db
      .selectFrom('order_items')
      .innerJoin('items', 'items.id', 'order_items.item_id')
      .select('items.company_id')
      .where('order_items.company_id', '=', demo)
      .execute();
    for (const l of demoLines) expect(l.company_id).toBe(demo);
  });

  it('stamps synced rows with a version a first pull sees, and new ids follow the seeded ones', async () => {
    for (const table of [
      'locations',
      'location_content',
      'orders',
      'order_items',
      'trays',
      'items',
      'colours',
      'moulds',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.min<number>('version').as('v'))
        .executeTakeFirstOrThrow();
      expect(Number(row.v), table).toBeGreaterThan(0);
    }
    const { id } = await db
      .insertInto('locations')
      .values({
        company_id: demo,
        parent_id: 1,
        name: 'new location',
        code: 'NEW-1',
        created_at: new Date().toISOString(),
        updated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(OTHER_ROOT_LOCATION_ID);
  });
});
