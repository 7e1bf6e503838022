import { beforeAll, expect, it } from 'vitest';
import { JSON_API, StoreItemMessages } from '../../../contract/bricksyncer';
import { BULK_MAX, FieldMessages, INT_MAX, PRICE_MAX } from '../../../contract/fields';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect, details } from '../../test/helpers';

/**
 * The back office's input follows the project's field rules, so the same input gets the same
 * answer on SQLite and PostgreSQL: an id beyond 2^31 − 1 or a NUL character is a 400 (PostgreSQL
 * would fail the query with a 500), and prices and bulk sizes have upper bounds with a message.
 */
describeEachDialect('back office field rules', (dialect) => {
  const s = appSuite(dialect, { syncer: ['Demo Bricks', ['bricksyncer']] });
  let storeItem: { id: number; item_id: number };
  let setting: number;

  beforeAll(async () => {
    const row = await s.t.app.db
      .selectFrom('store_items')
      .select(['id', 'item_id'])
      .where('company_id', '=', s.demo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    storeItem = { id: Number(row.id), item_id: Number(row.item_id) };
    const settingRow = await s.t.app.db
      .selectFrom('settings')
      .select('id')
      .where('company_id', '=', s.demo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    setting = Number(settingRow.id);
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    s.t.app.inject({
      method,
      url,
      headers: { authorization: s.syncer, ...(body ? { 'content-type': JSON_API } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const detail = (res: { json(): unknown }) => details(res).join('\n');

  const store = (attributes: object) => ({ data: { type: 'stores', attributes } });
  const goodStore = {
    name: 'Field rules',
    platform: 'BRICKOWL',
    external_id: 'rules',
    credentials: { api_key: 'a-long-enough-key' },
  };

  it('answers 400 to ids beyond 2^31 − 1 in paths and bodies, 404 to the largest id', async () => {
    const big = String(INT_MAX + 1);
    const calls: [string, string, object?][] = [
      ['GET', `/api/v2/stores/${big}`],
      ['PATCH', `/api/v2/stores/${big}`, store(goodStore)],
      ['DELETE', `/api/v2/stores/${big}`],
      [
        'PATCH',
        `/api/v2/settings/${big}`,
        { data: { type: 'settings', attributes: { value: 'x' } } },
      ],
      [
        'PATCH',
        `/api/v2/stock_item_errors/${big}`,
        { data: { type: 'stock_item_errors', attributes: { is_resolved: 1 } } },
      ],
      ['PUT', '/api/v1/stock_store_item', { id: INT_MAX + 1, item_id: storeItem.item_id }],
      ['PUT', '/api/v1/stock_store_item', { id: storeItem.id, item_id: INT_MAX + 1 }],
      ['GET', `/api/v1/store_items?page=${big}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await call(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await call('GET', `/api/v2/stores/${INT_MAX}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v2/stores/0')).statusCode).toBe(400);
    expect((await call('GET', '/api/v2/stores/1e3')).statusCode).toBe(400);
  });

  it('answers 400 to a NUL in a store name, external id, credential, note or setting', async () => {
    for (const attributes of [
      { ...goodStore, name: 'Bricks\u0000' },
      { ...goodStore, external_id: 'a\u0000b' },
      { ...goodStore, credentials: { api_key: 'key\u0000key-and-more' } },
      { ...goodStore, platform: 'BRICK\u0000OWL' },
    ]) {
      const res = await call('POST', '/api/v2/stores', store(attributes));
      expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
      expect(detail(res)).toContain(FieldMessages.nul);
    }
    const edit = await call('PATCH', '/api/v2/stores/1', store({ ...goodStore, name: '\u0000' }));
    expect(edit.statusCode).toBe(400);
    const value = await call('PATCH', `/api/v2/settings/${setting}`, {
      data: { type: 'settings', attributes: { value: 'on\u0000' } },
    });
    expect(value.statusCode).toBe(400);
    expect(detail(value)).toContain(FieldMessages.nul);
    for (const field of ['note_public', 'note_private', 'tier_price']) {
      const res = await call('PUT', '/api/v1/stock_store_item', {
        ...storeItem,
        store_price: 1000,
        store_quantity: 0,
        [field]: 'x\u0000',
      });
      expect(res.statusCode, field).toBe(400);
      expect(detail(res)).toContain(FieldMessages.nul);
    }
    const stores = await call('GET', '/api/v2/stores');
    expect(JSON.stringify(stores.json())).not.toContain('\\u0000');
  });

  it('bounds the price and the bulk size of an item on sale, with a message', async () => {
    const put = (fields: object) =>
      call('PUT', '/api/v1/stock_store_item', { ...storeItem, store_quantity: 0, ...fields });
    for (const price of [PRICE_MAX + 1, 1e15, 2 ** 53, '99999999999999999999']) {
      const res = await put({ store_price: price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(detail(res)).toBe(StoreItemMessages.priceMax);
    }
    for (const bulk of [BULK_MAX + 1, INT_MAX + 1, 2 ** 53]) {
      const res = await put({ store_price: 1000, bulk_size: bulk });
      expect(res.statusCode, String(bulk)).toBe(400);
      expect(detail(res)).toBe(StoreItemMessages.bulkMax);
    }
    const most = await put({ store_price: PRICE_MAX, bulk_size: BULK_MAX });
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json()).toMatchObject({ store_price: PRICE_MAX, bulk_size: BULK_MAX });
  });
});
