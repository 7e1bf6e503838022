import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { readBsxText } from '../../contract/bsx';
import { newItemFromLot, type SyncBatchItem } from '../../contract/sync-batches';
import { ALL_FIELDS_BSX } from '../../tests/support/bsx-round-trip';
import { caller, describeEachDialect } from '../test/helpers';
import { marketplaceSuite } from '../test/marketplace-suite';
import { addStore, drain } from '../test/jobs';
import { storeItem, syncNow } from '../test/stock-sync';

/**
 * A BrickStore file's stockroom, retain, sale, bulk and tiers reach both marketplaces: uploaded
 * through the API to a BrickLink and a BrickOwl store, each fake holds them on its lots, and the
 * stock sync keeps them (a retained lot stays at 0, a stockroom lot stays off sale).
 */
describeEachDialect('upload of every BrickStore field', (dialect) => {
  const s = marketplaceSuite(dialect, { lookup: (id) => [`bo-${id}`] });
  const call = caller(() => s.t);

  /** The file's parts and sets (the demo catalog has no minifigures), used ones in GOOD. */
  const fileItems = () =>
    readBsxText(readFileSync(ALL_FIELDS_BSX, 'utf8'))
      .items.filter((l) => l.item_type_id !== 'M')
      .map(newItemFromLot)
      .map((i) => (i.condition ? i : { ...i, condition: 'GOOD' as const }));

  it('sends stockroom, retain, sale, bulk and tiers to BrickLink and BrickOwl', async () => {
    const bl = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const bo = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const created = await call(s.syncer, 'POST', '/v1/new_sync_batch', {
      name: 'All fields',
      items: fileItems(),
      currency: 'EUR',
    });
    expect(created.statusCode, created.body).toBe(200);
    const batchId = (created.json() as { batch_id: number }).batch_id;
    const list = await call(s.syncer, 'GET', `/v1/sync_batch_items?batch_id=${batchId}`);
    const items = (list.json() as { results: SyncBatchItem[] }).results;
    const byId = (no: string) => items.find((i) => i.bl_item_id === no)!;
    const upload = await call(s.syncer, 'POST', `/v1/sync_batch_upload?batch_id=${batchId}`, {
      items: items.map((i) => ({ item_id: i.item_id, price: i.price, quantity: i.quantity })),
    });
    expect(upload.statusCode, upload.body).toBe(202);
    await drain(s.runner);
    const jobs = await s.t.app.db
      .selectFrom('jobs')
      .select(['status', 'error'])
      .where('store_id', 'in', [bl, bo])
      .execute();
    expect(jobs.map((j) => [j.status, j.error])).toEqual([
      ['done', null],
      ['done', null],
    ]);

    // BrickLink: every field on the lot, in BrickLink's words.
    const blLot = (no: string) => [...s.bl.inventory.values()].find((l) => l.item.no === no)!;
    expect(blLot('3001')).toMatchObject({
      bulk: 10,
      sale_rate: 15,
      is_retain: true,
      is_stock_room: true,
      stock_room_id: 'B',
      tier_quantity1: 100,
      tier_price1: '0.1100',
      tier_quantity2: 500,
      tier_price2: '0.1000',
      tier_quantity3: 1000,
      tier_price3: '0.0900',
    });
    expect(blLot('3023')).toMatchObject({
      bulk: 50,
      is_stock_room: true,
      stock_room_id: 'A',
      tier_quantity1: 200,
      tier_price1: '0.0120',
      tier_quantity2: 0,
    });
    expect(blLot('3710')).toMatchObject({
      bulk: 1,
      sale_rate: 0,
      is_retain: false,
      is_stock_room: false,
    });
    expect(blLot('3710').stock_room_id).toBeUndefined();
    expect(blLot('60312-1')).toMatchObject({ sale_rate: 5, is_stock_room: false });
    expect(blLot('10696-1')).toMatchObject({ is_retain: true, is_stock_room: false });
    expect(blLot('31058-1')).toMatchObject({ is_stock_room: true, stock_room_id: 'C' });

    // BrickOwl: no stockroom, so a stockroom lot is off sale; sale, bulk and tiers in its words.
    const boLot = (no: string) => [...s.bo.lots.values()].find((l) => l.boid === `bo-${no}`)!;
    expect(boLot('3001')).toMatchObject({
      for_sale: '0',
      sale_percent: '15',
      bulk_qty: '10',
      tier_price: '100:0.11,500:0.1,1000:0.09',
    });
    expect(boLot('3023')).toMatchObject({ for_sale: '0', bulk_qty: '50', tier_price: '200:0.012' });
    expect(boLot('31058-1')).toMatchObject({ for_sale: '0' });
    expect(boLot('3710')).toMatchObject({ for_sale: '1' });
    expect(boLot('3710').tier_price).toBeUndefined();
    expect(boLot('60312-1')).toMatchObject({ for_sale: '1', sale_percent: '5' });
    // A stockroom lot is not in BrickOwl's public listing.
    const listed = await fetch(
      `${s.bo.url}/inventory/list?${new URLSearchParams({ key: s.bo.key })}`,
    ).then((r) => r.json() as Promise<{ boid: string }[]>);
    expect(listed.map((l) => l.boid)).not.toContain(boLot('3001').boid);
    expect(listed.map((l) => l.boid)).toContain(`bo-3710-${s.bo.colourFor(85)}`);

    // The store items keep what the lots carry.
    expect(await storeItem(s.t.app, bl, byId('3001').item_id)).toMatchObject({
      bulk_size: 10,
      sale_rate: 15,
      retain: 1,
      stockroom: 'B',
      tier_price: '100:110,500:100,1000:90',
    });

    // The stock sync: a retained lot set to 0 stays on each store at 0; another lot goes.
    const retained = byId('10696-1').item_id;
    const plain = byId('3710').item_id;
    for (const itemId of [retained, plain]) {
      await s.t.app.db
        .updateTable('store_items')
        .set((eb) => ({
          store_quantity: 0,
          needs_upload: 1,
          change_seq: eb('change_seq', '+', 1),
        }))
        .where('store_id', 'in', [bl, bo])
        .where('item_id', '=', itemId)
        .execute();
    }
    // A change to the stockroom lot: sent whole, it stays off sale and keeps its fields.
    await s.t.app.db
      .updateTable('store_items')
      .set((eb) => ({ store_price: 130, needs_upload: 1, change_seq: eb('change_seq', '+', 1) }))
      .where('store_id', 'in', [bl, bo])
      .where('item_id', '=', byId('3001').item_id)
      .execute();
    expect((await syncNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect(blLot('10696-1')).toMatchObject({ quantity: 0, is_retain: true });
    expect(boLot('10696-1')).toMatchObject({ quantity: '0' });
    expect(await storeItem(s.t.app, bl, retained)).toMatchObject({
      store_quantity: 0,
      listed_quantity: 0,
      needs_upload: 0,
    });
    expect(blLot('3710')).toBeUndefined();
    expect(boLot('3710')).toBeUndefined();
    expect(blLot('3001')).toMatchObject({
      unit_price: '0.1300',
      is_stock_room: true,
      stock_room_id: 'B',
      sale_rate: 15,
      tier_quantity3: 1000,
    });
    expect(boLot('3001')).toMatchObject({
      price: '0.130',
      for_sale: '0',
      sale_percent: '15',
      tier_price: '100:0.11,500:0.1,1000:0.09',
    });
  });
});
