import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeBrickOwl,
  startFakeBrickOwl,
  type FakeBrickOwlOptions,
} from '../../tests/support/fake-brickowl';
import {
  BrickOwlClient,
  itemBoid,
  readColourList,
  type BrickOwlClientOptions,
} from './brickowl/client';
import { boLotList } from './brickowl/answers';
import type { BoNewLot } from './brickowl/types';
import { MarketplaceError } from './errors';
import { SlidingWindowLimiter } from './rate-limiter';

let fake: FakeBrickOwl;
const fast = { baseDelayMs: 5, maxDelayMs: 20 };
async function setup(
  fakeOptions: FakeBrickOwlOptions = {},
  over: Partial<BrickOwlClientOptions> = {},
) {
  fake = await startFakeBrickOwl(fakeOptions);
  return new BrickOwlClient({ baseUrl: fake.url, key: fake.key, retry: fast, ...over });
}
const lot = (boid: string, extra: Partial<BoNewLot> = {}): BoNewLot => ({
  boid,
  color_id: 38,
  quantity: 4,
  price: 0.125,
  condition: 'usedg',
  ...extra,
});

afterEach(() => fake?.close());

describe('BrickOwl client against the fake API', () => {
  it('sends the key with every request; a wrong key is refused with BrickOwl’s error', async () => {
    const bo = await setup();
    expect(await bo.listInventory()).toEqual([]);
    const wrong = new BrickOwlClient({ baseUrl: fake.url, key: 'wrong', retry: fast });
    const error = await wrong.createLot(lot('771344')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({
      code: 'BAD_KEY',
      status: 401,
      message: expect.stringContaining('Invalid API Key'),
    });
    expect(fake.lots.size).toBe(0);
  });

  it('creates, lists, updates (absolute and relative) and deletes a lot', async () => {
    const bo = await setup();
    const lotId = await bo.createLot(lot('771344', { external_id: 'store-item-17' }));
    expect(fake.lots.get(lotId)).toMatchObject({
      boid: '771344',
      quantity: '4',
      price: '0.125',
      condition: 'usedg',
    });
    expect((await bo.listInventory({ externalId: 'store-item-17' })).map((l) => l.lotId)).toEqual([
      lotId,
    ]);
    await bo.updateLot({ lot_id: lotId, absolute_quantity: 10, price: 0.2 });
    await bo.updateLot({ external_id: 'store-item-17', relative_quantity: -3 });
    expect(fake.lots.get(lotId)).toMatchObject({ quantity: '7', price: '0.200' });
    await bo.deleteLot({ lot_id: lotId });
    expect(fake.lots.size).toBe(0);
  });

  it('maps refusals to typed errors with BrickOwl’s text', async () => {
    const bo = await setup();
    await expect(bo.createLot(lot('771344', { quantity: 0 }))).rejects.toMatchObject({
      status: 400,
      retryable: false,
      message: expect.stringContaining('whole number greater than zero'),
    });
    await expect(bo.updateLot({ lot_id: '404', absolute_quantity: 1 })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('Lot not found'),
    });
  });

  it('looks BrickLink item numbers up as BOIDs, one by one and 50 to a batch', async () => {
    const bo = await setup({ lookup: (id) => (id.startsWith('x') ? [] : [`bo-${id}`]) });
    expect(await bo.idLookup('3001')).toEqual(['bo-3001']);
    expect(await bo.idLookup('x1')).toEqual([]);
    const ids = Array.from({ length: 120 }, (_, i) => String(3000 + i));
    const found = await bo.idLookupMany([...ids, ...ids]);
    expect(found.size).toBe(120);
    expect(found.get('3119')).toEqual(['bo-3119']);
    expect(bo.batches).toBe(3);
  });

  it("reads BrickOwl's colour list: BrickOwl's id, name and the BrickLink ids of each colour", async () => {
    const bo = await setup();
    const colours = await bo.colourList();
    expect(colours).toHaveLength(fake.colours.length);
    expect(colours.find((c) => c.name === 'Black')).toEqual({ id: 38, name: 'Black', blIds: [11] });
    expect(colours.find((c) => c.blIds.length === 0)).toBeDefined(); // a colour BrickLink lacks
    expect(fake.colourLists).toBe(1);
    // The answer as BrickOwl sends it: keyed by colour id, ids as strings; a list is read too.
    expect(
      readColourList({
        '38': { id: '38', name: 'Black', bl_ids: ['11'], ldraw_ids: ['0'] },
        '999': { name: 'Unnamed', bl_ids: [] },
        bad: { id: 'x', name: 'No id' },
      }),
    ).toEqual([
      { id: 38, name: 'Black', blIds: [11] },
      { id: 999, name: 'Unnamed', blIds: [] },
    ]);
    expect(readColourList([{ id: 21, name: 'Blue', bl_ids: [7, '7a'] }])).toEqual([
      { id: 21, name: 'Blue', blIds: [7] },
    ]);
    expect(() => readColourList('nope')).toThrow(/no colour list/);
  });

  it('reads the item of a coloured BOID', () => {
    expect(itemBoid('487300-38')).toBe('487300');
    expect(itemBoid('771344')).toBe('771344');
    expect(itemBoid('bo-3001')).toBe('bo-3001');
  });

  it('creates lots 50 to a batch, a refused lot reported without stopping the rest', async () => {
    const bo = await setup();
    const lots = Array.from({ length: 120 }, (_, i) => lot(`b${i}`, { price: i === 60 ? 0 : 0.1 }));
    const results = await bo.createLots(lots);
    expect(bo.batches).toBe(3);
    expect(results).toHaveLength(120);
    expect(results.filter((r) => r.ok)).toHaveLength(119);
    expect(results[60]).toEqual({
      ok: false,
      status: 400,
      error: 'Price must be a positive number',
    });
    expect(fake.lots.size).toBe(119);
    await expect(
      bo.batch(
        Array.from({ length: 51 }, () => ({
          endpoint: 'inventory/list',
          request_method: 'GET' as const,
          params: [{}],
        })),
        boLotList,
      ),
    ).rejects.toThrow(/at most 50/);
  });

  it('a burst over the limit waits for the window and never goes over it', async () => {
    const windowMs = 300;
    // The fake times a request when it handles it, and on a busy machine the first ones of a
    // window can be handled a good while after they were sent: the margin allows for that.
    const bo = await setup(
      { perWindow: 5, windowMs },
      { limiter: new SlidingWindowLimiter(5, windowMs, 150) },
    );
    const started = Date.now();
    await Promise.all(Array.from({ length: 12 }, () => bo.listInventory()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * windowMs);
    expect(fake.requests).toBe(12);
    expect(fake.rateLimited).toBe(0);
    expect(fake.peakInWindow).toBeLessThanOrEqual(5);
  });

  it('without a limiter the fake answers 429; the client backs off and then fails clearly', async () => {
    const bo = await setup(
      { perWindow: 2, windowMs: 60_000 },
      { limiter: new SlidingWindowLimiter(100, 1000), retry: { ...fast, attempts: 2 } },
    );
    await bo.listInventory();
    await bo.listInventory();
    const error = await bo.listInventory().catch((e: MarketplaceError) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true });
    expect(fake.rateLimited).toBe(2);
  });

  it('batches have their own, lower limit', async () => {
    const bo = await setup(
      { batchesPerWindow: 2, windowMs: 250 },
      { batchLimiter: new SlidingWindowLimiter(2, 250, 30) },
    );
    const started = Date.now();
    await bo.idLookupMany(Array.from({ length: 150 }, (_, i) => `p${i}`));
    expect(bo.batches).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(fake.rateLimited).toBe(0);
  });

  it('reads store orders and their items', async () => {
    const bo = await setup();
    fake.addOrder({ order_id: '9001', order_date: '1764150000', status: 'Payment Received' }, [
      {
        lot_id: '5000',
        boid: '771344',
        ordered_quantity: '2',
        base_price: '0.125',
        condition: 'Used',
        full_con: 'usedg',
        ids: [{ id: '3001', type: 'bl_item_no' }],
      },
    ]);
    expect((await bo.listOrders({ status: 'Payment Received' })).map((o) => o.orderId)).toEqual([
      '9001',
    ]);
    expect((await bo.orderItems('9001'))[0]).toMatchObject({
      boid: '771344',
      quantity: 2,
      condition: 'usedg',
      isNew: false,
    });
    await expect(bo.orderItems('1')).rejects.toMatchObject({ status: 404 });
  });
});

describe('sliding window limiter', () => {
  it('lets at most `limit` through in any window, serving waiters in order', async () => {
    const limiter = new SlidingWindowLimiter(4, 100);
    const times: number[] = [];
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limiter.acquire().then(() => {
          times.push(Date.now());
          order.push(i);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Each time is read when the waiter runs, a moment after the limiter let it through: a
    // millisecond of that is allowed for.
    for (let i = 4; i < times.length; i++)
      expect(times[i] - times[i - 4]).toBeGreaterThanOrEqual(99);
    expect(limiter.waitedMs).toBeGreaterThan(0);
  });
});
