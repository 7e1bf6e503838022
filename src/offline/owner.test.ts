import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { META, setMeta } from './meta';
import { countUnsent, enqueue, listOutbox } from './outbox';
import { bindDeviceOwner } from './owner';

let db: WarehouseDb;
beforeEach(async () => {
  db = new WarehouseDb(`owner-test-${Math.random()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('a device shared by several users', () => {
  it('gives work made before any owner was known to the first user who signs in', async () => {
    await enqueue('pick.confirm.v1', { n: 1 }, undefined, db);
    await bindDeviceOwner('1:4', db);
    expect((await listOutbox(db)).map((e) => [e.owner, e.state])).toEqual([['1:4', 'pending']]);
  });

  it('keeps everything when the same user signs in again', async () => {
    expect(await bindDeviceOwner('1:4', db)).toBe(true);
    await db.orders.put({ order_id: 7 });
    await setMeta(db, META.cursor('orders'), 12);
    await enqueue('pick.confirm.v1', { n: 1 }, undefined, db);
    expect(await bindDeviceOwner('1:4', db)).toBe(false);
    expect(await db.orders.count()).toBe(1);
    expect(await countUnsent(db)).toBe(1);
  });

  it("clears the floor data and parks the previous user's work until they return", async () => {
    await bindDeviceOwner('1:4', db);
    await db.orders.put({ order_id: 7 });
    await db.locations.put({ location_id: 1 });
    await setMeta(db, META.cursor('orders'), 12);
    await enqueue('pick.confirm.v1', { n: 1 }, undefined, db);
    const rejected = await enqueue('pick.confirm.v1', { n: 2 }, undefined, db);
    await db.outbox.update(rejected.localId!, { state: 'rejected', message: 'no stock' });

    expect(await bindDeviceOwner('2:9', db)).toBe(true);
    expect(await db.orders.count()).toBe(0);
    expect(await db.locations.count()).toBe(0);
    expect(await db.meta.get(META.cursor('orders'))).toBeUndefined();
    expect(await countUnsent(db)).toBe(0);
    expect((await listOutbox(db)).map((e) => e.state)).toEqual(['parked', 'parked']);

    const mine = await enqueue('issue.report.v1', { n: 3 }, undefined, db);
    expect(mine.owner).toBe('2:9');

    await bindDeviceOwner('1:4', db);
    const states = (await listOutbox(db)).map((e) => [e.owner, e.state]);
    expect(states).toEqual([
      ['1:4', 'pending'],
      ['1:4', 'rejected'],
      ['2:9', 'parked'],
    ]);
  });
});
