import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBrickOwl, startFakeBrickOwl } from './fake-brickowl';

/**
 * The fake BrickOwl answers in the shapes BrickOwl's recorded answers have
 * (tests/fixtures/marketplaces/brickowl/): for each endpoint, the fake's answer has the same keys
 * with the same JSON types as the recorded one, so the fake cannot drift into a shape of its own.
 */
const FIXTURES = join(__dirname, '../fixtures/marketplaces/brickowl');
const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as unknown;

/**
 * The shape of a JSON value: an object's keys with their shapes, a list's entries' shape (`[]`
 * for an empty list), else the JSON type. Values are left out, so two answers of one shape match.
 */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  }
  return typeof value;
}

/** The keys of an object answer with their JSON types, nested objects and lists by kind only. */
function keyTypes(value: unknown): Record<string, string> {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, kind(v)]));
}

let fake: FakeBrickOwl;
beforeEach(async () => {
  fake = await startFakeBrickOwl({
    lookup: (id, type) => (id === '3069b' ? ['487300'] : type === 'Set' ? ['1000'] : []),
  });
});
afterEach(() => fake.close());

async function get(endpoint: string, params: Record<string, string> = {}): Promise<unknown> {
  const query = new URLSearchParams({ key: fake.key, ...params });
  const res = await fetch(`${fake.url}/${endpoint}?${query}`);
  return res.json();
}
async function post(endpoint: string, params: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${fake.url}/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: fake.key, ...params }).toString(),
  });
  return res.json();
}
const create = async (params: Record<string, string>) =>
  ((await post('inventory/create', params)) as { lot_id: string }).lot_id;

describe("the fake BrickOwl answers in BrickOwl's recorded shapes", () => {
  it('inventory/create, update, delete', async () => {
    const created = await post('inventory/create', {
      boid: '487300',
      color_id: '38',
      quantity: '3',
      price: '0.1',
      condition: 'new',
      external_id: 'bw-1',
    });
    expect(shape(created)).toEqual(shape(recorded('inventory-create.json')));
    const lotId = (created as { lot_id: string }).lot_id;
    expect(
      shape(await post('inventory/update', { lot_id: lotId, relative_quantity: '-1' })),
    ).toEqual(shape(recorded('inventory-update.json')));
    expect(shape(await post('inventory/delete', { lot_id: lotId }))).toEqual(
      shape(recorded('inventory-delete.json')),
    );
  });

  it('inventory/list: a lot with an external id as {"other": …}, one without as []', async () => {
    await create({
      boid: '487300',
      color_id: '38',
      quantity: '3',
      price: '0.1',
      condition: 'new',
      external_id: 'bw-1',
    });
    await create({
      boid: '20603',
      color_id: '50',
      quantity: '1',
      price: '0.9',
      condition: 'usedg',
    });
    const [marked, unmarked] = (await get('inventory/list')) as Record<string, unknown>[];
    const [withOther, , withEmpty] = recorded('inventory-list.json') as Record<string, unknown>[];
    expect(shape(marked)).toEqual(shape(withOther));
    expect(shape(unmarked)).toEqual(shape(withEmpty));
    expect(marked).toMatchObject({ qty: '3', con: 'new', full_con: 'new', boid: '487300-38' });
    expect(marked.external_lot_ids).toEqual({ other: 'bw-1' });
    expect(unmarked).toMatchObject({ qty: '1', con: 'used', full_con: 'usedg' });
    expect(unmarked.external_lot_ids).toEqual([]);
  });

  it('catalog/id_lookup and catalog/color_list', async () => {
    expect(
      shape(await get('catalog/id_lookup', { id: '3069b', type: 'Part', id_type: 'bl_item_no' })),
    ).toEqual(shape(recorded('catalog-id_lookup.json')));
    const colours = Object.values((await get('catalog/color_list')) as Record<string, unknown>);
    const [black] = Object.values(recorded('catalog-color_list.json') as Record<string, unknown>);
    // A colour's lists may be empty on the fake (it names no Peeron or LDraw ids): keys and types.
    expect(keyTypes(colours[0])).toEqual(keyTypes(black));
  });

  it('order/list, order/items and order/view of an order a buyer placed', async () => {
    const lotId = await create({
      boid: '487300',
      color_id: '38',
      quantity: '5',
      price: '0.104',
      condition: 'new',
      external_id: 'bw-2',
    });
    const orderId = fake.sell([{ lotId, quantity: 3 }]);
    const [listed] = (await get('order/list')) as unknown[];
    expect(shape(listed)).toEqual(shape((recorded('order-list.json') as unknown[])[0]));
    const [line] = (await get('order/items', { order_id: orderId })) as Record<string, unknown>[];
    const [tile] = recorded('order-items.json') as Record<string, unknown>[];
    expect(keyTypes(line)).toEqual({ ...keyTypes(tile), bl_lot_id: 'null' });
    expect(shape(line.external_lot_ids)).toEqual(shape(tile.external_lot_ids));
    expect(line).toMatchObject({ ordered_quantity: '3', condition: 'New', full_con: 'new' });
    // order/view: fewer details than BrickOwl's, each of the same type as BrickOwl's.
    const view = keyTypes(await get('order/view', { order_id: orderId }));
    const full = keyTypes(recorded('order-view.json'));
    for (const [key, type] of Object.entries(view)) expect([key, type]).toEqual([key, full[key]]);
    expect(Object.keys(view)).toEqual(expect.arrayContaining(['order_id', 'status', 'status_id']));
  });

  it('bulk/batch: {"responses": [{endpoint, status_code, body}]}, a refused request among them', async () => {
    const answer = await post('bulk/batch', {
      requests: JSON.stringify({
        requests: [
          {
            endpoint: 'inventory/create',
            request_method: 'POST',
            params: [{ boid: '487300', color_id: 38, quantity: 1, price: 0.1, condition: 'new' }],
          },
          {
            endpoint: 'inventory/create',
            request_method: 'POST',
            params: [{ boid: '487300', color_id: 38, quantity: 1, price: 0.1, condition: 'bad' }],
          },
        ],
      }),
    });
    const [made, refused] = (recorded('bulk-batch.json') as { responses: unknown[] }).responses;
    const { responses } = answer as { responses: unknown[] };
    expect(shape(responses[0])).toEqual(shape(made));
    expect(shape(responses[1])).toEqual(shape(refused));
    expect(responses[1]).toEqual({
      endpoint: 'inventory/create',
      status_code: 400,
      body: { error: { status: 'Invalid condition' } },
    });
  });

  it('a set BOID takes only the set conditions', async () => {
    await get('catalog/id_lookup', { id: '6020-1', type: 'Set', id_type: 'bl_item_no' });
    const sealed = { boid: '1000', quantity: '1', price: '20', condition: 'news' };
    expect(await create(sealed)).toMatch(/^\d+$/);
    expect(await post('inventory/create', { ...sealed, condition: 'new' })).toEqual({
      error: { status: 'Invalid condition for a set' },
    });
  });
});
