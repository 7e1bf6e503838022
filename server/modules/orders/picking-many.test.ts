import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PickingMutation, PickingRejectCode } from '../../../contract/mutations/picking';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import {
  makeFloor,
  makeOrder,
  orderItemId,
  pickedOf,
  stockAt,
  versionOf,
  type Floor,
} from '../../test/orders-fixture';

type Result = { id: string; status: string; code?: string };
interface Pick {
  item: 'a' | 'b' | 'c';
  bin: 'a1b1' | 'a1b2' | 'a2b1';
  quantity: number;
}

/**
 * A push's run of picks is applied in a few set-based writes when none of it is refused, and one
 * by one otherwise: either way each pick's answer and the stock and picked counts are exactly
 * those of confirming the picks one at a time.
 */
describeEachDialect('a run of picks in one push', (dialect) => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A fresh floor (stock a@a2b1 10, b@a1b1 5, c@a1b2 3, c@a2b1 4) and an order it claimed. */
  async function claimedFloor(ordered: Partial<Record<'a' | 'b' | 'c', number>>) {
    const f = await makeFloor(t.app.db, t.config.jwtSecret);
    const auth = (await f.as('picker')).auth;
    const items = Object.entries(ordered).map(
      ([k, n]) => [f.items[k as 'a'], n] as [number, number],
    );
    const order = await makeOrder(t.app.db, f.companyId, { items });
    const device = `device-${randomUUID()}`;
    const push = async (mutations: unknown[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sync/push',
        headers: { authorization: auth },
        payload: { device_id: device, mutations },
      });
      expect(res.statusCode).toBe(200);
      return res.json().results as Result[];
    };
    const [claim] = await push([envelope(PickingMutation.claim, { order_id: order })]);
    expect(claim.status).toBe('applied');
    return { f, order, push };
  }

  const envelope = (name: string, args: unknown) => ({ id: randomUUID(), seq: ++seq, name, args });
  /** The picks as outbox entries, their seq in the order given. */
  const picksOf = async (f: Floor, order: number, picks: Pick[]) => {
    const entries = [];
    for (const p of picks) {
      entries.push(
        envelope(PickingMutation.pick, {
          order_id: order,
          order_item_id: await orderItemId(t.app.db, order, f.items[p.item]),
          location_id: f.bins[p.bin],
          quantity: p.quantity,
        }),
      );
    }
    return entries;
  };
  const state = async (f: Floor, order: number) => ({
    picked: [
      await pickedOf(t.app.db, order, f.items.a),
      await pickedOf(t.app.db, order, f.items.b),
      await pickedOf(t.app.db, order, f.items.c),
    ],
    stock: [
      await stockAt(t.app.db, f.bins.a2b1, f.items.a),
      await stockAt(t.app.db, f.bins.a1b1, f.items.b),
      await stockAt(t.app.db, f.bins.a1b2, f.items.c),
      await stockAt(t.app.db, f.bins.a2b1, f.items.c),
    ],
    totals: await t.app.db
      .selectFrom('orders')
      .select(['item_count', 'ordered_total', 'picked_total'])
      .where('id', '=', order)
      .executeTakeFirstOrThrow(),
  });

  /** The same picks pushed as one run on one floor and one at a time on another. */
  async function runAndOneByOne(ordered: Partial<Record<'a' | 'b' | 'c', number>>, picks: Pick[]) {
    const run = await claimedFloor(ordered);
    const runResults = await run.push(await picksOf(run.f, run.order, picks));
    const single = await claimedFloor(ordered);
    const singleResults: Result[] = [];
    for (const m of await picksOf(single.f, single.order, picks))
      singleResults.push(...(await single.push([m])));
    const codes = (rs: Result[]) => rs.map((r) => r.code ?? r.status);
    expect(codes(runResults)).toEqual(codes(singleResults));
    expect(await state(run.f, run.order)).toEqual(await state(single.f, single.order));
    return { run, runResults };
  }

  it('applies every pick of a run that passes, with the sums taken from stock', async () => {
    const picks: Pick[] = [
      ...Array.from({ length: 8 }, () => ({
        item: 'a' as const,
        bin: 'a2b1' as const,
        quantity: 1,
      })),
      { item: 'b', bin: 'a1b1', quantity: 5 },
      { item: 'c', bin: 'a1b2', quantity: 3 },
      { item: 'c', bin: 'a2b1', quantity: 2 },
    ];
    const { run, runResults } = await runAndOneByOne({ a: 8, b: 5, c: 6 }, picks);
    expect(runResults.every((r) => r.status === 'applied')).toBe(true);
    expect(await state(run.f, run.order)).toEqual({
      picked: [8, 5, 5],
      stock: [2, 0, 0, 2],
      totals: { item_count: 3, ordered_total: 19, picked_total: 18 },
    });
  });

  it('answers each pick as one at a time would when the sums pass no guard', async () => {
    // c: 2 + 2 over 3 ordered; b: 3 + 3 over 5 in stock; a pick of an item at the wrong bin.
    const { runResults } = await runAndOneByOne({ a: 4, b: 10, c: 3 }, [
      { item: 'c', bin: 'a1b2', quantity: 2 },
      { item: 'c', bin: 'a2b1', quantity: 2 },
      { item: 'b', bin: 'a1b1', quantity: 3 },
      { item: 'b', bin: 'a1b1', quantity: 3 },
      { item: 'a', bin: 'a1b1', quantity: 1 },
      { item: 'a', bin: 'a2b1', quantity: 4 },
    ]);
    expect(runResults.map((r) => r.code ?? r.status)).toEqual([
      'applied',
      PickingRejectCode.overPick,
      'applied',
      PickingRejectCode.stockInsufficient,
      PickingRejectCode.notAtLocation,
      'applied',
    ]);
  });

  it('applies a replayed run once, and only the new part of a run partly sent before', async () => {
    const { f, order, push } = await claimedFloor({ a: 10 });
    const first = await picksOf(f, order, [
      { item: 'a', bin: 'a2b1', quantity: 1 },
      { item: 'a', bin: 'a2b1', quantity: 2 },
    ]);
    expect((await push(first)).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await push(first)).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await pickedOf(t.app.db, order, f.items.a)).toBe(3);
    const more = await picksOf(f, order, [{ item: 'a', bin: 'a2b1', quantity: 4 }]);
    const results = await push([...first, ...more]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await pickedOf(t.app.db, order, f.items.a)).toBe(7);
    expect(await stockAt(t.app.db, f.bins.a2b1, f.items.a)).toBe(3);
  });

  it('stamps every row a run wrote with one version, newer than before', async () => {
    const { f, order, push } = await claimedFloor({ a: 2, c: 1 });
    const rows = [
      ['orders', order],
      ['order_items', await orderItemId(t.app.db, order, f.items.a)],
      ['order_items', await orderItemId(t.app.db, order, f.items.c)],
    ] as const;
    const before = await Promise.all(rows.map(([table, id]) => versionOf(t.app.db, table, id)));
    await push(
      await picksOf(f, order, [
        { item: 'a', bin: 'a2b1', quantity: 2 },
        { item: 'c', bin: 'a1b2', quantity: 1 },
      ]),
    );
    const after = await Promise.all(rows.map(([table, id]) => versionOf(t.app.db, table, id)));
    after.forEach((v, i) => expect(v).toBeGreaterThan(before[i]));
    expect(new Set(after).size).toBe(1);
  });
});
