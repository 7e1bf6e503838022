import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import OAuth from 'oauth-1.0a';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBrickLink, type FakeBrickLink } from '../../tests/support/fake-bricklink';

/**
 * The fake BrickLink answers every call the warehouse makes in the shape of BrickLink's recorded
 * answer to it (tests/fixtures/marketplaces/bricklink/): the same keys at every level, values of the
 * same JSON types, the same meta.code and meta.message, HTTP 200. Values may differ. So a client
 * change that reads a field BrickLink does not send fails against the fake as it would against
 * BrickLink, and the fake cannot drift from the recordings unnoticed.
 */

const FIXTURES = new URL('../../tests/fixtures/marketplaces/bricklink/', import.meta.url);
const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

/** A JSON value's keys and value types, its values left out; a list by its first element. */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return typeof value;
}

/** The value at a path of keys and indexes in a JSON value (undefined where there is none). */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let here = value;
  for (const step of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = Object.entries(here).find(([k]) => k === String(step))?.[1];
  }
  return here;
}

let fake: FakeBrickLink;
beforeEach(async () => {
  fake = await startFakeBrickLink();
});
afterEach(() => fake.close());

/** One call to the fake, signed as the client signs it; `secret` to sign with another one. */
async function call(method: string, path: string, body?: unknown, secret?: string) {
  const c = fake.credentials;
  const oauth = new OAuth({
    consumer: { key: c.consumerKey, secret: c.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const url = `${fake.url}${path}`;
  const token = { key: c.tokenValue, secret: secret ?? c.tokenSecret };
  const response = await fetch(url, {
    method,
    headers: {
      ...oauth.toHeader(oauth.authorize({ url, method }, token)),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await response.json();
  return { status: response.status, json };
}

/** The fake's answer has the recorded answer's envelope: HTTP 200, its code, message, keys. */
function expectEnvelope(answer: { status: number; json: unknown }, record: unknown) {
  expect(answer.status).toBe(200);
  expect(at(answer.json, 'meta', 'code')).toBe(at(record, 'meta', 'code'));
  expect(at(answer.json, 'meta', 'message')).toBe(at(record, 'meta', 'message'));
  expect(shape(at(answer.json, 'meta'))).toEqual(shape(at(record, 'meta')));
  expect(Object.keys(answer.json ?? {}).sort()).toEqual(Object.keys(record ?? {}).sort());
}

/** Same envelope, and the same shape of `data` (or of the parts of it named by `pairs`). */
function expectLike(
  answer: { status: number; json: unknown },
  file: string,
  pairs?: [(string | number)[], (string | number)[]][],
) {
  const record = recorded(file);
  expectEnvelope(answer, record);
  if (!pairs) {
    expect(shape(at(answer.json, 'data')), file).toEqual(shape(at(record, 'data')));
    return;
  }
  for (const [mine, theirs] of pairs) {
    expect(at(answer.json, 'data', ...mine), `${file} ${mine.join('.')}`).toBeDefined();
    expect(shape(at(answer.json, 'data', ...mine)), `${file} ${theirs.join('.')}`).toEqual(
      shape(at(record, 'data', ...theirs)),
    );
  }
}

const part = {
  item: { no: '3069b', type: 'PART' },
  color_id: 86,
  quantity: 250,
  new_or_used: 'N',
  unit_price: '0.0420',
  description: 'Bags of 50 (sealed)',
  remarks: "Don't split H2-B07 [bw-1043]",
};
const set = {
  item: { no: '6020-1', type: 'SET' },
  color_id: 0,
  quantity: 1,
  new_or_used: 'U',
  completeness: 'C',
  unit_price: '34.9500',
  description: 'Complete with instructions, no box',
  remarks: 'SHELF-3 [bw-1051]',
  is_stock_room: true,
  stock_room_id: 'B',
};

describe('the fake BrickLink answers in the recorded shapes', () => {
  it('store lots: listed, read, created one and many, refused, changed, deleted, unknown', async () => {
    const created = await call('POST', '/inventories', part);
    expectLike(created, 'inventory-create.json');
    const id = Number(at(created.json, 'data', 'inventory_id'));
    await call('POST', '/inventories', set);

    expectLike(await call('GET', '/inventories'), 'inventories-list.json', [
      [[0], [1]], // a part, as the recorded lot 3069b
      [[1], [2]], // a set in a stockroom, as the recorded 6020-1
    ]);
    expectLike(await call('GET', `/inventories/${id}`), 'inventory-get.json');
    expectLike(
      await call('PUT', `/inventories/${id}`, { quantity: '-2', unit_price: '0.0400' }),
      'inventory-update.json',
    );
    expectLike(await call('POST', '/inventories', [part, part]), 'inventories-create-many.json');
    expectLike(
      await call('POST', '/inventories', { ...part, quantity: 0 }),
      'inventory-create-refused.json',
    );
    expectLike(await call('DELETE', `/inventories/${id}`), 'inventory-delete.json');
    expectLike(await call('GET', `/inventories/${id}`), 'resource-not-found.json');
    expectLike(await call('DELETE', `/inventories/${id}`), 'resource-not-found.json');
  });

  it('remarks and descriptions HTML-escaped as BrickLink sends them', async () => {
    await call('POST', '/inventories', part);
    const listed = await call('GET', '/inventories');
    expect(at(listed.json, 'data', 0, 'remarks')).toBe(
      at(recorded('inventories-list.json'), 'data', 1, 'remarks'),
    );
    expect(at(listed.json, 'data', 0, 'description')).toBe(
      at(recorded('inventories-list.json'), 'data', 1, 'description'),
    );
  });

  it('orders: listed, read, their items in batches, unknown', async () => {
    const line = (inventory_id: number, lot: typeof part | typeof set, quantity: number) => ({
      inventory_id,
      item: { no: lot.item.no, type: lot.item.type },
      color_id: lot.color_id,
      quantity,
      new_or_used: lot.new_or_used === 'N' ? ('N' as const) : ('U' as const),
      unit_price: lot.unit_price,
      remarks: lot.remarks,
      description: lot.description,
    });
    fake.addOrder(
      {
        order_id: 26841173,
        date_ordered: '2026-05-04T18:22:09.753Z',
        buyer_name: 'brickfan_anna',
        status: 'PAID',
      },
      [[line(412377852, part, 2), line(412377853, part, 2)], [line(412377901, set, 1)]],
    );
    expectLike(await call('GET', '/orders?direction=in&status=PAID'), 'orders-list.json', [
      [[0], [0]],
    ]);
    expectLike(await call('GET', '/orders/26841173'), 'order-get.json');
    const items = await call('GET', '/orders/26841173/items');
    expectLike(items, 'order-items.json', [
      [
        [0, 0],
        [0, 1],
      ], // a part, as the recorded 3069b
      [
        [1, 0],
        [1, 0],
      ], // a set, as the recorded 6020-1
    ]);
    expect(at(items.json, 'data', 1, 1)).toBeUndefined(); // two batches, as given
    expectLike(await call('GET', '/orders/1'), 'resource-not-found.json');
    expectLike(await call('GET', '/orders/1/items'), 'resource-not-found.json');
  });

  it('price guides, sold and stock; an unknown item', async () => {
    const item = { type: 'PART', no: '3001', colorId: 11, newOrUsed: 'U' } as const;
    fake.priceGuides.set(item, 'sold', [
      { quantity: 100, unit_price: 0.09 },
      { quantity: 50, unit_price: 0.12 },
    ]);
    fake.priceGuides.set(item, 'stock', [{ quantity: 300, unit_price: 0.06 }]);
    const query = (guide: string) =>
      `color_id=11&guide_type=${guide}&new_or_used=U&currency_code=EUR`;
    expectLike(
      await call('GET', `/items/PART/3001/price?${query('sold')}`),
      'price-guide-sold.json',
    );
    expectLike(
      await call('GET', `/items/PART/3001/price?${query('stock')}`),
      'price-guide-stock.json',
    );
    expectLike(
      await call('GET', `/items/PART/3002/price?${query('sold')}`),
      'resource-not-found.json',
    );
  });

  it('a bad signature', async () => {
    expectLike(
      await call('GET', '/inventories', undefined, 'not-the-secret'),
      'bad-oauth-request.json',
    );
  });
});
