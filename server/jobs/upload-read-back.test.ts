import { expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { marketplaceSuite } from '../test/marketplace-suite';
import { queueUpload } from '.';
import { addStore, batchStatus, drain, makeSyncBatch, syncBatchOf } from '../test/jobs';

/**
 * An upload is done only when every lot is on the store. A batch whose item is already listed
 * joins that listing; when the listed lot was taken off the store meanwhile (by hand, on the
 * marketplace's site), the upload reads the store back, finds the lot missing and creates it.
 */
describeEachDialect('upload read back', (dialect) => {
  const s = marketplaceSuite(dialect, { lookup: (id) => [`bo-${id}`] });

  const storeItem = (store: number, itemId: number) =>
    s.t.app.db
      .selectFrom('store_items')
      .select(['external_lot_id', 'store_quantity'])
      .where('store_id', '=', store)
      .where('item_id', '=', itemId)
      .executeTakeFirst();

  const lastJob = (store: number) =>
    s.t.app.db
      .selectFrom('jobs')
      .select(['status', 'error', 'progress_done', 'progress_total'])
      .where('store_id', '=', store)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  for (const platform of ['BRICKLINK', 'BRICKOWL'] as const) {
    it(`${platform}: a listed lot taken off the store meanwhile is created again, the batch uploaded`, async () => {
      const fake = {
        has: (id: string) =>
          platform === 'BRICKLINK' ? s.bl.inventory.has(Number(id)) : s.bo.lots.has(id),
        quantity: (id: string) =>
          Number(
            platform === 'BRICKLINK'
              ? s.bl.inventory.get(Number(id))?.quantity
              : s.bo.lots.get(id)?.quantity,
          ),
        remove: (id: string) =>
          platform === 'BRICKLINK' ? s.bl.inventory.delete(Number(id)) : s.bo.lots.delete(id),
      };
      const store = await addStore(s.t.app, s.syncer, platform);
      const first = await makeSyncBatch(s.t.app, s.demo, 2);
      await queueUpload(s.t.app.db, s.demo, first.batchId, null, [store]);
      await drain(s.runner);
      expect(await lastJob(store)).toMatchObject({ status: 'done', error: null });
      const [gone, kept] = first.itemIds;
      const goneLot = (await storeItem(store, gone))!.external_lot_id!;
      const keptLot = (await storeItem(store, kept))!.external_lot_id!;
      expect(fake.remove(goneLot)).toBe(true);

      // The same two items again, 4 of each: both join their listed lots.
      const second = await syncBatchOf(
        s.t.app,
        s.demo,
        first.itemIds.map((itemId) => ({ itemId, quantity: 4, price: 200 })),
      );
      await queueUpload(s.t.app.db, s.demo, second, null, [store]);
      await drain(s.runner);

      expect(await lastJob(store)).toMatchObject({
        status: 'done',
        error: null,
        progress_done: 2,
        progress_total: 2,
      });
      expect(await batchStatus(s.t.app, second)).toBe('uploaded');
      // The kept lot holds its 2 and the batch's 4; the lot taken off is on the store again with
      // the batch's 4, and the warehouse knows it by its new id.
      expect(fake.quantity(keptLot)).toBe(6);
      const again = (await storeItem(store, gone))!;
      expect(again.external_lot_id).not.toBe(goneLot);
      expect(fake.has(again.external_lot_id!)).toBe(true);
      expect(fake.quantity(again.external_lot_id!)).toBe(4);
      expect(Number(again.store_quantity)).toBe(4);
      // The stock sync's "no longer on the store: upload it again" is done, so it is resolved.
      const open = await s.t.app.db
        .selectFrom('stock_item_errors')
        .select('description')
        .where('store_id', '=', store)
        .where('is_resolved', '=', 0)
        .execute();
      expect(open).toEqual([]);
    });
  }
});
