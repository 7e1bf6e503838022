import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeBrickLink, startFakeBrickLink } from '../../tests/support/fake-bricklink';
import { DailyCallBudget } from './budget';
import { BrickLinkClient, blPrice } from './bricklink/client';
import type { BlNewInventory } from './bricklink/types';
import { loadMarketplaceConfig } from './config';
import { MarketplaceError } from './errors';
import { MarketplaceClients } from './index';

let fake: FakeBrickLink;
const fast = { baseDelayMs: 5, maxDelayMs: 20 };
const client = (over: Partial<ConstructorParameters<typeof BrickLinkClient>[0]> = {}) =>
  new BrickLinkClient({ baseUrl: fake.url, credentials: fake.credentials, retry: fast, ...over });
const brick = (no: string, quantity = 5): BlNewInventory => ({
  item: { no, type: 'PART' },
  color_id: 11,
  quantity,
  new_or_used: 'U',
  unit_price: blPrice(0.125),
  remarks: 'H1-A01',
});

beforeEach(async () => {
  fake = await startFakeBrickLink();
});
afterEach(() => fake.close());

describe('BrickLink client against the fake Store API', () => {
  it('signs calls the fake accepts, and a wrong secret is refused with BAD_OAUTH_REQUEST', async () => {
    expect(await client().listInventories()).toEqual([]);
    const wrong = client({ credentials: { ...fake.credentials, tokenSecret: 'not-the-secret' } });
    const error = await wrong.listInventories({ item_type: 'PART,SET' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'BAD_OAUTH_REQUEST', status: 401, retryable: false });
    expect((error as Error).message).toContain('SIGNATURE_INVALID');
    expect(fake.refused.get('SIGNATURE_INVALID')).toBe(1);
    const wrongConsumer = client({ credentials: { ...fake.credentials, consumerSecret: 'x' } });
    await expect(wrongConsumer.getInventory(1)).rejects.toMatchObject({
      code: 'BAD_OAUTH_REQUEST',
    });
  });

  it('signs query strings with spaces and commas the same way the fake rebuilds them', async () => {
    await client().createInventory(brick('3001'));
    const parts = await client().listInventories({ item_type: 'PART,SET', color_id: '11' });
    expect(parts).toHaveLength(1);
    await expect(client().listOrders({ status: 'PAID, PACKED' })).resolves.toEqual([]);
  });

  it('creates, reads, changes by a delta and deletes a lot', async () => {
    const bl = client();
    const created = await bl.createInventory(brick('3001', 5));
    expect(created.inventory_id).toBeGreaterThan(0);
    expect(fake.inventory.get(created.inventory_id)).toMatchObject({
      quantity: 5,
      unit_price: '0.1250',
    });
    await bl.updateInventory(created.inventory_id, {
      quantityChange: -2,
      unit_price: blPrice(0.2),
    });
    expect(await bl.getInventory(created.inventory_id)).toMatchObject({
      quantity: 3,
      unit_price: '0.2000',
    });
    await bl.updateInventory(created.inventory_id, { quantityChange: 4 });
    expect((await bl.getInventory(created.inventory_id)).quantity).toBe(7);
    await bl.deleteInventory(created.inventory_id);
    expect(fake.inventory.size).toBe(0);
    await expect(bl.getInventory(created.inventory_id)).rejects.toMatchObject({
      code: 'RESOURCE_NOT_FOUND',
      status: 404,
    });
  });

  it('creates several lots in one call and finds them again by listing', async () => {
    const bl = client();
    await bl.createInventories([brick('3001'), brick('3002'), brick('3003')]);
    expect(bl.calls).toBe(1);
    const listed = await bl.listInventories();
    expect(listed.map((l) => l.item.no).sort()).toEqual(['3001', '3002', '3003']);
  });

  it('maps refusals to typed errors with BrickLink’s message', async () => {
    const bl = client();
    await expect(bl.createInventory({ ...brick('3001'), quantity: 0 })).rejects.toMatchObject({
      code: 'PARAMETER_MISSING_OR_INVALID',
      status: 400,
      message: expect.stringContaining('quantity'),
    });
    const lot = await bl.createInventory(brick('3001', 1));
    await expect(
      bl.updateInventory(lot.inventory_id, { quantityChange: -5 }),
    ).rejects.toMatchObject({
      code: 'PARAMETER_MISSING_OR_INVALID',
    });
  });

  it('waits and retries a 429, honouring Retry-After, with a fresh nonce each try', async () => {
    fake.throttleNext(2, 429, 0);
    const bl = client();
    await expect(bl.listInventories()).resolves.toEqual([]);
    expect(bl.calls).toBe(3);
    expect(fake.refused.get('Try again later')).toBe(2);
    expect(fake.refused.get('NONCE_USED')).toBeUndefined();
  });

  it('retries a 5xx for reads but never repeats a create after a 5xx', async () => {
    fake.throttleNext(1, 503);
    await expect(client().listInventories()).resolves.toEqual([]);
    fake.throttleNext(1, 503);
    const bl = client();
    await expect(bl.createInventory(brick('3001'))).rejects.toMatchObject({ status: 503 });
    expect(bl.calls).toBe(1);
  });

  it('fails clearly when the marketplace asks for a wait longer than we keep a call open', async () => {
    fake.throttleNext(1, 429, 3600);
    const error = await client()
      .listInventories()
      .catch((e: MarketplaceError) => e);
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 3_600_000 });
  });

  it('never goes over the daily budget: the call past it is refused before it is sent', async () => {
    const budget = new DailyCallBudget('bricklink', 3);
    const bl = client({ budget });
    for (let i = 0; i < 3; i++) await bl.listInventories();
    await expect(bl.listInventories()).rejects.toMatchObject({ code: 'BUDGET_EXHAUSTED' });
    expect(fake.calls).toBe(3);
    expect(budget.remaining).toBe(0);
  });

  it('the budget renews on the next UTC day; the fake refuses past its own daily limit', async () => {
    let now = new Date('2026-11-26T23:59:59Z');
    const budget = new DailyCallBudget('bricklink', 1, 1, () => now);
    expect(() => budget.take()).toThrow(/renews at 00:00 UTC/);
    now = new Date('2026-11-27T00:00:01Z');
    expect(budget.remaining).toBe(1);
    fake.dailyLimit = 1;
    await client().listInventories();
    await expect(client().listInventories()).rejects.toMatchObject({ status: 429 });
  });

  it('reads orders and their items in batches', async () => {
    fake.addOrder(
      {
        order_id: 7,
        date_ordered: '2026-11-25T10:00:00.000Z',
        buyer_name: 'anna',
        status: 'PAID',
        total_count: 3,
        unique_count: 1,
      },
      [
        [
          {
            inventory_id: 1001,
            item: { no: '3001', type: 'PART' },
            color_id: 11,
            quantity: 3,
            new_or_used: 'U',
            unit_price: '0.1250',
          },
        ],
      ],
    );
    const bl = client();
    expect((await bl.listOrders({ status: 'PAID' })).map((o) => o.order_id)).toEqual([7]);
    expect(await bl.listOrders({ status: 'SHIPPED' })).toEqual([]);
    expect((await bl.orderItems(7))[0][0]).toMatchObject({ quantity: 3 });
  });

  it('takes its base addresses from the environment, defaulting to the real services', () => {
    expect(loadMarketplaceConfig({})).toEqual({
      bricklinkApiUrl: 'https://api.bricklink.com/api/store/v1',
      brickowlApiUrl: 'https://api.brickowl.com/v1',
    });
    expect(
      loadMarketplaceConfig({ BRICKLINK_API_URL: 'http://127.0.0.1:9/api/store/v1/' })
        .bricklinkApiUrl,
    ).toBe('http://127.0.0.1:9/api/store/v1');
    expect(() => loadMarketplaceConfig({ BRICKOWL_API_URL: 'ftp://x' })).toThrow(
      /BRICKOWL_API_URL/,
    );
  });
});

describe('clients per store', () => {
  it('share one daily budget per store, persisted through the hook', async () => {
    const seen: string[] = [];
    const clients = new MarketplaceClients(
      { bricklinkApiUrl: fake.url, brickowlApiUrl: 'http://127.0.0.1:9/v1' },
      (store, day, used) => seen.push(`${store} ${day.length} ${used}`),
    );
    const first = clients.bricklink('store-1', fake.credentials, 4998);
    const second = clients.bricklink('store-1', fake.credentials);
    await first.listInventories();
    await second.listInventories();
    await expect(first.listInventories()).rejects.toMatchObject({ code: 'BUDGET_EXHAUSTED' });
    expect(seen).toEqual(['store-1 10 4999', 'store-1 10 5000']);
    expect(clients.bricklink('store-2', fake.credentials).budget.remaining).toBe(5000);
    expect(clients.brickowl('store-1', 'k').limiter).toBe(clients.brickowl('store-1', 'k').limiter);
  });
});
