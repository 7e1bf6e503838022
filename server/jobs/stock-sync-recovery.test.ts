import { expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { bearerFor } from '../test/locations-support';
import { JobKilled } from '.';
import { addStore, drain, lapseLease, storeWithoutCredentials, testRunner } from '../test/jobs';
import { lotOf, setStock, stockSyncSuite, storeItem, syncNow } from '../test/stock-sync';

describeEachDialect('stock sync recovery', (dialect) => {
  const s = stockSyncSuite(dialect);

  for (const platform of ['BRICKLINK', 'BRICKOWL'] as const) {
    it(`${platform}: a change whose answer was lost is checked on the store and never sent twice`, async () => {
      const a = await addStore(s.t.app, s.syncer, platform);
      const x = s.part();
      const y = s.part();
      const quantity = (itemId: number) =>
        platform === 'BRICKLINK' ? s.blQuantity(a, itemId) : s.boQuantity(a, itemId);
      await setStock(s.t.app, s.demo, x, 9);
      await setStock(s.t.app, s.demo, y, 5);
      await s.upload(
        [a],
        [
          { itemId: x, quantity: 9 },
          { itemId: y, quantity: 5 },
        ],
      );
      await setStock(s.t.app, s.demo, x, 6);
      await setStock(s.t.app, s.demo, y, 2);
      const [job] = (await syncNow(s.t.app, s.syncer, a)).json().jobs as { id: number }[];
      const dying = testRunner(s.t.app, s.urls(), {
        afterStep: () => {
          throw new JobKilled();
        },
      });
      expect(await dying.runOnce()).toBe(true);
      expect(await quantity(x)).toBe(6); // sent…
      expect(await storeItem(s.t.app, a, x)).toMatchObject({
        sending_quantity: 6,
        listed_quantity: 9,
      });
      await lapseLease(s.t.app, job.id);
      await drain(s.runner);
      expect(await quantity(x)).toBe(6); // …and not again
      expect(await quantity(y)).toBe(2);
      for (const itemId of [x, y]) {
        expect(await storeItem(s.t.app, a, itemId)).toMatchObject({
          sending_quantity: null,
          needs_upload: 0,
        });
      }
      expect((await storeItem(s.t.app, a, x)).listed_quantity).toBe(6);

      // Lost again, and the stock falls before the next run: the lower offer still goes out.
      await setStock(s.t.app, s.demo, x, 4);
      const [second] = (await syncNow(s.t.app, s.syncer, a)).json().jobs as { id: number }[];
      expect(await dying.runOnce()).toBe(true);
      expect(await quantity(x)).toBe(4);
      await setStock(s.t.app, s.demo, x, 3);
      await lapseLease(s.t.app, second.id);
      await drain(s.runner);
      expect(await quantity(x)).toBe(3);
      expect(await storeItem(s.t.app, a, x)).toMatchObject({
        listed_quantity: 3,
        sending_quantity: null,
        needs_upload: 0,
      });
    });
  }

  it('a change the store refuses becomes a stock issue and is not sent again', async () => {
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    await setStock(s.t.app, s.demo, x, 3);
    await s.upload([b], [{ itemId: x, quantity: 3 }]);
    await s.t.app.db
      .updateTable('store_items')
      .set({ store_price: 0, needs_upload: 1 })
      .where('store_id', '=', b)
      .execute();
    const [job] = (await syncNow(s.t.app, s.syncer, b)).json().jobs as { id: number }[];
    await drain(s.runner);
    const row = await s.t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.error).toBe('1 of 1 changes could not be sent: see Stock issues');
    const problem = await s.t.app.db
      .selectFrom('stock_item_errors')
      .select(['description', 'item_id'])
      .where('store_id', '=', b)
      .executeTakeFirstOrThrow();
    expect(problem).toMatchObject({ item_id: x });
    expect(problem.description).toMatch(/^BrickOwl refused the change: /);
    expect(await storeItem(s.t.app, b, x)).toMatchObject({ needs_upload: 0 });
    // The Logs screen tells it, newest first.
    const logs = await s.t.app.inject({
      method: 'GET',
      url: '/api/v2/log_entries',
      headers: { authorization: s.syncer },
    });
    const [latest] = (logs.json() as { data: { attributes: { level: string; message: string } }[] })
      .data;
    expect(latest.attributes).toMatchObject({
      level: 'error',
      message: expect.stringMatching(
        /^Stock sync to '.+': failed: 1 of 1 changes could not be sent: see Stock issues$/,
      ),
    });
  });

  it('an upload of an item the store already lists, or lists twice, adds to its lot', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const x = s.part();
    await setStock(s.t.app, s.demo, x, 20);
    await s.upload([a], [{ itemId: x, quantity: 5 }]);
    const lots = s.bl.inventory.size;
    await s.upload([a], [{ itemId: x, quantity: 8 }]);
    expect(s.bl.inventory.size).toBe(lots);
    expect(await s.blQuantity(a, x)).toBe(13);
    expect(await storeItem(s.t.app, a, x)).toMatchObject({
      store_quantity: 13,
      listed_quantity: 13,
    });

    // An item a batch holds twice becomes one lot on a store that did not list it.
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const before = s.bo.lots.size;
    await s.upload(
      [b],
      [
        { itemId: x, quantity: 3 },
        { itemId: x, quantity: 4 },
      ],
    );
    expect(s.bo.lots.size).toBe(before + 1);
    expect(await s.boQuantity(b, x)).toBe(7);

    // BrickOwl's create takes no notes: the upload sends them right after, with an update.
    const y = s.part();
    await setStock(s.t.app, s.demo, y, 2);
    await s.upload([a, b], [{ itemId: y, quantity: 2, notePublic: 'Slight scratch' }]);
    expect(s.bo.lots.get((await lotOf(s.t.app, b, y))!)).toMatchObject({
      quantity: '2',
      public_note: 'Slight scratch',
    });
    expect(s.bl.inventory.get(Number(await lotOf(s.t.app, a, y)))).toMatchObject({
      description: 'Slight scratch',
    });
    expect(await storeItem(s.t.app, b, y)).toMatchObject({ needs_upload: 0 });
  });

  it('the request answers by role, company and credentials', async () => {
    const picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
    const other = await bearerFor(s.t.app, 'Other Bricks', ['bricksyncer']);
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    expect((await syncNow(s.t.app, picker, a)).statusCode).toBe(403);
    const foreign = await syncNow(s.t.app, other, a);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].detail).toBe('Store not found');
    const bare = await storeWithoutCredentials(s.t.app, s.demo);
    expect((await syncNow(s.t.app, s.syncer, bare)).statusCode).toBe(400);
    const twice = [await syncNow(s.t.app, s.syncer, a), await syncNow(s.t.app, s.syncer, a)];
    expect(twice[0].json().jobs[0].id).toBe(twice[1].json().jobs[0].id);
    await drain(s.runner);
  });
});
