import { expect, it } from 'vitest';
import type { App } from '../app';
import { describeEachDialect } from '../test/helpers';
import { itemsWithLooks } from '../db/item-joins';
import { addStore, drain, syncBatchOf } from '../test/jobs';
import { lotOf, setStock, stockSyncSuite, storeItem, syncNow } from '../test/stock-sync';

/** The warehouse holds none of the item: no stock row in any location. */
async function noStock(app: App, itemId: number): Promise<void> {
  await app.db.deleteFrom('location_content').where('item_id', '=', itemId).execute();
}

describeEachDialect('stock kept elsewhere', (dialect) => {
  const s = stockSyncSuite(dialect);

  it('the import and the batch say how many pieces the warehouse holds of each lot', async () => {
    const [held, away] = [s.part(), s.part()];
    await setStock(s.t.app, s.demo, held, 7);
    await noStock(s.t.app, away);
    const looks = await itemsWithLooks(s.t.app.db)
      .select(['i.id', 'm.bl_mold_id', 'c.bl_colour_id', 'i.mold_id', 'i.colour_id'])
      .where('i.id', 'in', [held, away])
      .execute();
    const lot = (id: number) => {
      const l = looks.find((r) => Number(r.id) === id)!;
      return { bl_item_id: l.bl_mold_id!, item_type_id: 'P', colour_id: Number(l.bl_colour_id) };
    };
    // The import counts the mould and colour in any condition.
    const heldOf = async (id: number) => {
      const l = looks.find((r) => Number(r.id) === id)!;
      const row = await s.t.app.db
        .selectFrom('location_content as lc')
        .innerJoin('items as i', 'i.id', 'lc.item_id')
        .select(({ fn }) => fn.sum<string>('lc.quantity').as('n'))
        .where('lc.company_id', '=', s.demo)
        .where('i.mold_id', '=', l.mold_id)
        .where('i.colour_id', '=', l.colour_id)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    const convert = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync_batch_convert',
      headers: { authorization: s.syncer },
      payload: { lots: [lot(held), lot(away), { ...lot(away), bl_item_id: 'no-such-part' }] },
    });
    expect(convert.statusCode, convert.body).toBe(200);
    const found = convert.json<{ results: { found: boolean; in_warehouse: number }[] }>().results;
    expect(found[0].in_warehouse).toBeGreaterThanOrEqual(7);
    expect(found.slice(0, 2).map((f) => f.in_warehouse)).toEqual([
      await heldOf(held),
      await heldOf(away),
    ]);
    expect(found[2]).toMatchObject({ found: false, in_warehouse: 0 });

    const batch = await syncBatchOf(s.t.app, s.demo, [
      { itemId: held, quantity: 3, price: 100 },
      { itemId: away, quantity: 3, price: 100 },
    ]);
    const items = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync_batch_items?batch_id=${batch}`,
      headers: { authorization: s.syncer },
    });
    expect(
      items.json<{ results: { in_warehouse: number }[] }>().results.map((i) => i.in_warehouse),
    ).toEqual([7, 0]);
  });

  /** BrickOwl sells `quantity` of the store's lot of the item; order intake brings it in. */
  async function sellOnBrickOwl(store: number, itemId: number, quantity: number) {
    s.bo.sell([{ lotId: (await lotOf(s.t.app, store, itemId))!, quantity }]);
    await s.intake(store);
  }

  it('a sale lowers the other store by what was sold and keeps the rest listed on both', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    await noStock(s.t.app, x);
    await s.upload([a, b], [{ itemId: x, quantity: 5 }]);
    expect(await s.blQuantity(a, x)).toBe(5);
    expect(await s.boQuantity(b, x)).toBe(5);
    for (const store of [a, b]) {
      expect(await storeItem(s.t.app, store, x)).toMatchObject({ stock_elsewhere: 1 });
    }
    // Each store's upload says so in the Logs.
    const told = await s.t.app.db
      .selectFrom('log_entries')
      .select(['message', 'store_id'])
      .where('message', 'like', '%stock kept elsewhere%')
      .execute();
    expect(told.map((l) => Number(l.store_id)).sort()).toEqual([a, b].sort());
    expect(told[0].message).toMatch(
      /^Upload of sync batch \d+ to '.+': The warehouse holds none of this item in its locations: \S+ .+ \(new\)\. Their lots are stock kept elsewhere: a sale on one store lowers the other stores by what was sold/,
    );

    // A buyer takes 2 on BrickLink; the intake lowers BrickOwl by 2 and deletes nothing.
    await s.sellOnBrickLink(a, x, 2, { orderId: 9300001, buyer: 'Elsewhere Buyer' });
    expect(await s.blQuantity(a, x)).toBe(3);
    expect(await s.boQuantity(b, x)).toBe(3);
    expect(await storeItem(s.t.app, a, x)).toMatchObject({ store_quantity: 3, listed_quantity: 3 });
    expect(await storeItem(s.t.app, b, x)).toMatchObject({
      store_quantity: 3,
      listed_quantity: 3,
      held_back: 2,
      needs_upload: 0,
    });
    const log = await s.t.app.db
      .selectFrom('log_entries')
      .select('message')
      .where('message', 'like', 'Stock sync%')
      .execute();
    expect(log.map((l) => l.message).join('\n')).not.toMatch(/deleted/i);

    // The next sync (nothing sold) changes nothing: the warehouse's stock (none) does not count.
    const calls = s.bl.calls + s.bo.requests;
    expect((await syncNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect(s.bl.calls + s.bo.requests).toBe(calls);
    expect(await s.blQuantity(a, x)).toBe(3);
    expect(await s.boQuantity(b, x)).toBe(3);

    // A sale on BrickOwl lowers BrickLink the same way.
    await sellOnBrickOwl(b, x, 1);
    expect(await s.boQuantity(b, x)).toBe(2);
    expect(await s.blQuantity(a, x)).toBe(2);

    // The rest sold on BrickLink: really sold out, both lots go.
    const blLot = Number(await lotOf(s.t.app, a, x));
    const boLot = (await lotOf(s.t.app, b, x))!;
    s.bl.sell([{ inventoryId: blLot, quantity: 2 }]);
    await s.intake(a);
    expect(s.bl.inventory.has(blLot)).toBe(false);
    expect(s.bo.lots.has(boLot)).toBe(false);
    expect(await lotOf(s.t.app, b, x)).toBeUndefined();
  });

  it("a lot of the warehouse's stock still follows the warehouse beside one kept elsewhere", async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const [held, away] = [s.part(), s.part()];
    await setStock(s.t.app, s.demo, held, 4);
    await noStock(s.t.app, away);
    await s.upload(
      [a, b],
      [
        { itemId: held, quantity: 4 },
        { itemId: away, quantity: 6 },
      ],
    );
    expect(await storeItem(s.t.app, b, held)).toMatchObject({ stock_elsewhere: 0 });
    expect(await storeItem(s.t.app, b, away)).toMatchObject({ stock_elsewhere: 1 });

    // Stock found missing lowers the warehouse's lot on both stores, not the other.
    await setStock(s.t.app, s.demo, held, 1);
    expect((await syncNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect([await s.blQuantity(a, held), await s.boQuantity(b, held)]).toEqual([1, 1]);
    expect([await s.blQuantity(a, away), await s.boQuantity(b, away)]).toEqual([6, 6]);
  });

  it('a cancelled order gives the other store back what its sale took off', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    await noStock(s.t.app, x);
    await s.upload([a, b], [{ itemId: x, quantity: 8 }]);
    await s.sellOnBrickLink(a, x, 3, { orderId: 9300002, buyer: 'Changed Mind' });
    expect(await s.boQuantity(b, x)).toBe(5);

    s.bl.setOrderStatus(9300002, 'CANCELLED');
    await s.intake(a);
    expect(await s.blQuantity(a, x)).toBe(8);
    expect(await s.boQuantity(b, x)).toBe(8);
    expect(await storeItem(s.t.app, b, x)).toMatchObject({ store_quantity: 8, held_back: 0 });
  });
});
