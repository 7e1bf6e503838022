import { expect, it } from 'vitest';
import { StoreItemMessages as M, type StoreItemRow } from '../../../contract/bricksyncer';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect, details } from '../../test/helpers';

describeEachDialect('bricksyncer items on sale, stock errors, settings, logs', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    picker: ['Demo Bricks', ['picker', 'admin']],
    otherSyncer: ['Other Bricks', ['bricksyncer']],
  });

  const call = caller(() => s.t);

  it('lists items on sale 10 a page with their warehouse total', async () => {
    const res = await call(s.syncer, 'GET', '/v1/store_items?limit=10&page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; results: StoreItemRow[] };
    expect(body.count).toBe(30);
    expect(body.results).toHaveLength(10);
    const page3 = (await call(s.syncer, 'GET', '/v1/store_items?limit=10&page=3')).json();
    expect(page3.results).toHaveLength(10);
    expect(page3.results[0].id).not.toBe(body.results[0].id);
    expect((await call(s.otherSyncer, 'GET', '/v1/store_items')).json().count).toBe(0);
    expect((await call(s.picker, 'GET', '/v1/store_items')).statusCode).toBe(403);
  });

  it('lets an offer above the warehouse total keep or lower its quantity, never raise it', async () => {
    const [row] = (await call(s.syncer, 'GET', '/v1/store_items')).json().results as StoreItemRow[];
    // As after uploading a file of stock the warehouse does not keep: more on sale than in stock.
    const onSale = row.quantity + 50;
    await s.t.app.db
      .updateTable('store_items')
      .set({ store_quantity: onSale })
      .where('id', '=', row.id)
      .execute();
    const edit = (store_quantity: number) =>
      call(s.syncer, 'PUT', '/v1/stock_store_item', {
        id: row.id,
        item_id: row.item_id,
        store_quantity,
        store_price: 999,
      });
    const priceOnly = await edit(onSale);
    expect(priceOnly.statusCode, priceOnly.body).toBe(200);
    expect(priceOnly.json()).toMatchObject({ store_price: 999, store_quantity: onSale });
    expect(details(await edit(onSale + 1))).toEqual([M.quantity]);
    expect((await edit(onSale - 10)).json()).toMatchObject({ store_quantity: onSale - 10 });
    expect(details(await edit(onSale))).toEqual([M.quantity]); // back up is a raise
    await s.t.app.db
      .updateTable('store_items')
      .set({ store_quantity: row.store_quantity, store_price: row.store_price })
      .where('id', '=', row.id)
      .execute();
  });

  it('edits an item on sale and refuses bad price, tier price and quantity with their messages', async () => {
    const [row] = (await call(s.syncer, 'GET', '/v1/store_items')).json().results as StoreItemRow[];
    const base = {
      id: row.id,
      item_id: row.item_id,
      store_quantity: Math.min(1, row.quantity),
      store_price: 1234,
      tier_price: '10:1100, 50:1000,100:900',
      bulk_size: 5,
      note_public: 'Nice',
      note_private: 'Shelf 3',
    };
    const ok = await call(s.syncer, 'PUT', '/v1/stock_store_item', base);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      store_price: 1234,
      tier_price: '10:1100,50:1000,100:900',
      bulk_size: 5,
    });
    const bad = await call(s.syncer, 'PUT', '/v1/stock_store_item', {
      ...base,
      store_price: 0,
      tier_price: '10:1,20:2',
      store_quantity: row.quantity + 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([M.price, M.tierPrice, M.quantity]);
    const empty = await call(s.syncer, 'PUT', '/v1/stock_store_item', {
      ...base,
      store_price: '',
      store_quantity: 'x',
      tier_price: '',
    });
    expect(details(empty)).toEqual([M.price, M.quantity]);
    const notFound = await call(s.syncer, 'PUT', '/v1/stock_store_item', {
      ...base,
      item_id: row.item_id + 100000,
    });
    expect(notFound.statusCode).toBe(404);
    expect((await call(s.otherSyncer, 'PUT', '/v1/stock_store_item', base)).statusCode).toBe(404);
  });

  it('lists and resolves stock errors, only the company’s own', async () => {
    const list = await call(s.syncer, 'GET', '/v2/stock_item_errors');
    const data = list.json().data as {
      id: string;
      type: string;
      attributes: { is_resolved: number };
    }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toMatchObject({ type: 'stock_item_errors', attributes: { is_resolved: 0 } });
    const body = {
      data: { type: 'stock_item_errors', id: data[0].id, attributes: { is_resolved: 1 } },
    };
    expect(
      (await call(s.otherSyncer, 'PATCH', `/v2/stock_item_errors/${data[0].id}`, body)).statusCode,
    ).toBe(404);
    const res = await call(s.syncer, 'PATCH', `/v2/stock_item_errors/${data[0].id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.is_resolved).toBe(1);
    const back = { data: { ...body.data, attributes: { is_resolved: 0 } } };
    expect(
      (await call(s.syncer, 'PATCH', `/v2/stock_item_errors/${data[0].id}`, back)).statusCode,
    ).toBe(400);
  });

  it('edits a setting value; reads the latest log entries newest first', async () => {
    const settings = (await call(s.syncer, 'GET', '/v2/settings')).json().data as {
      id: string;
      attributes: { key: string; value: string };
    }[];
    const setting = settings.find((x) => x.attributes.key === 'sync_interval_minutes')!;
    const res = await call(s.syncer, 'PATCH', `/v2/settings/${setting.id}`, {
      data: { type: 'settings', id: setting.id, attributes: { value: '30' } },
    });
    expect(res.json().data).toEqual({
      id: setting.id,
      type: 'settings',
      attributes: { key: 'sync_interval_minutes', value: '30' },
    });
    expect(
      (
        await call(s.otherSyncer, 'PATCH', `/v2/settings/${setting.id}`, {
          data: { type: 'settings', attributes: { value: '1' } },
        })
      ).statusCode,
    ).toBe(404);
    const logs = (
      await call(s.syncer, 'GET', '/v2/log_entries?sort=-created_at&page[size]=100')
    ).json().data as {
      attributes: { created_at: string; level: string; message: string };
    }[];
    expect(logs.length).toBeGreaterThan(1);
    const times = logs.map((l) => l.attributes.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call(s.syncer, 'GET', '/v2/log_entries?page[size]=101')).statusCode).toBe(400);
    expect((await call(s.picker, 'GET', '/v2/log_entries')).statusCode).toBe(403);
  });
});
