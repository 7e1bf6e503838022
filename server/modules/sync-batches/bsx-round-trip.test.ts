import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { readBsxBlob, readBsxText, type BsxDocument } from '../../../contract/bsx';
import {
  newItemFromLot,
  SyncBatchMessages as M,
  type NewBatchItem,
  type SyncBatchItem,
} from '../../../contract/sync-batches';
import { keptFields } from '../../../tests/support/bsx-kept-fields';
import { ALL_FIELDS_BSX } from '../../../tests/support/bsx-round-trip';
import { SHARED_SCOPE, nextVersion } from '../../sync';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect, details } from '../../test/helpers';
import { insertMould } from '../../test/orders-fixture';

/** Used lots get a condition, as the import screen asks for one. */
const importable = (doc: BsxDocument): NewBatchItem[] =>
  doc.items.map(newItemFromLot).map((i) => (i.condition ? i : { ...i, condition: 'GOOD' }));

describeEachDialect('BSX round trip', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    other: ['Other Bricks', ['bricksyncer']],
  });

  beforeAll(async () => {
    // The demo catalog has the file's parts and sets; add its minifigure (catalog data, as a
    // catalog import would bring it).
    const version = await nextVersion(s.t.app.db, SHARED_SCOPE);
    await insertMould(
      s.t.app.db,
      {
        type_id: 3,
        name: 'Battle Droid Tan with Back Plate',
        bl_mold_id: 'sw0001a',
        image_url: null,
      },
      version,
    );
  });

  const call = caller(() => s.t);
  const create = async (items: NewBatchItem[], extra: object = {}) => {
    const res = await call(s.syncer, 'POST', '/v1/new_sync_batch', {
      name: 'File',
      items,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { batch_id: number }).batch_id;
  };
  const exported = async (batchId: number) => {
    const res = await call(s.syncer, 'GET', `/v1/sync_batch_bsx?batch_id=${batchId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('imports a BrickStore file of parts, sets and minifigures and exports it equal, field by field', async () => {
    const file = await readBsxBlob(new Blob([readFileSync(ALL_FIELDS_BSX)]));
    const items = importable(file);
    const found = await call(s.syncer, 'POST', '/v1/sync_batch_convert', { lots: items });
    expect(found.json().results.map((r: { found: boolean }) => r.found)).toEqual(
      items.map(() => true),
    );
    const batchId = await create(items, { currency: file.currency });

    const res = await exported(batchId);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''File.bsx");
    const again = readBsxText(res.body);
    expect(again.currency).toBe('EUR');
    expect(again.items.map(keptFields)).toEqual(file.items.map(keptFields));

    // The batch page shows what the batch keeps of each lot.
    const list = await call(s.syncer, 'GET', `/v1/sync_batch_items?batch_id=${batchId}`);
    const kept = list.json().results as SyncBatchItem[];
    expect(kept[0]).toMatchObject({
      item_type: 'P',
      bl_colour_id: 5,
      bulk: 10,
      sale: 15,
      retain: true,
      stockroom: 'B',
      tiers: [
        { quantity: 100, price: 110 },
        { quantity: 500, price: 100 },
        { quantity: 1000, price: 90 },
      ],
    });
    expect(kept.map((i) => [i.item_type, i.completeness])).toEqual([
      ['P', null],
      ['P', null],
      ['P', null],
      ['S', 'SEALED'],
      ['S', 'INCOMPLETE'],
      ['S', 'COMPLETE'],
      ['M', null],
      ['M', null],
    ]);
  });

  it('reads an ISO-8859-1 file as written and exports it as UTF-8', async () => {
    const text = readFileSync(ALL_FIELDS_BSX, 'utf8')
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace('Currency="EUR"', 'Currency="USD"')
      .replace('Bak ü 🧱  (two spaces)', 'Ünïcödé')
      .replace('Clean – no marks', 'Clean, no marks');
    const file = await readBsxBlob(new Blob([Buffer.from(text, 'latin1')]));
    expect(file.items[1].remarks).toBe('Ünïcödé');
    const batchId = await create(importable(file), { currency: file.currency });
    const again = readBsxText((await exported(batchId)).body);
    expect(again.currency).toBe('USD');
    expect(again.items[1].remarks).toBe('Ünïcödé');
    expect(again.items.map(keptFields)).toEqual(file.items.map(keptFields));
    const row = await call(s.syncer, 'GET', `/v1/sync_batch?batch_id=${batchId}`);
    expect(row.json()).toMatchObject({ currency: 'USD', lots_expected: null });
  });

  it('imports a large file in chunks: each chunk once, in order, and no upload before the last', async () => {
    const parts = importable(readBsxText(readFileSync(ALL_FIELDS_BSX, 'utf8'))).slice(0, 3);
    const lots = Array.from({ length: 10_001 }, (_, i) => ({
      ...parts[i % 3],
      quantity: 1 + (i % 50),
      note_private: `lot ${i + 1}`,
    }));
    const batchId = await create(lots.slice(0, 5000), { lots: lots.length });
    const add = (offset: number, items: NewBatchItem[], auth = s.syncer) =>
      call(auth, 'POST', '/v1/sync_batch_lots', { batch_id: batchId, offset, items });

    const second = await add(5000, lots.slice(5000, 10_000));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ batch_id: batchId, lots: 10_000, lots_expected: 10_001 });
    // The same chunk again (its answer was lost): nothing is added, the same answer.
    const repeated = await add(5000, lots.slice(5000, 10_000));
    expect(repeated.json()).toEqual(second.json());
    // A chunk that skips lots, or too many lots, is refused.
    const gap = await add(10_001, lots.slice(0, 1));
    expect(gap.statusCode).toBe(409);
    expect(details(gap)).toEqual([M.importGap(10_000)]);
    expect(details(await add(10_000, lots.slice(0, 2)))).toEqual([M.importOver(10_001)]);
    // A bad lot refuses the chunk with the batch checks' message; nothing is added.
    const bad = await add(10_000, [{ ...lots[0], quantity: 0 }]);
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([M.zeroQuantity('3001 (Red)')]);
    // Another company's batch does not exist for them.
    expect((await add(10_000, lots.slice(0, 1), s.other)).statusCode).toBe(404);

    const upload = await call(s.syncer, 'POST', `/v1/sync_batch_upload?batch_id=${batchId}`, {});
    expect(upload.statusCode).toBe(409);
    expect(details(upload)).toEqual([M.importing(10_000, 10_001)]);
    const importing = await call(s.syncer, 'GET', `/v1/sync_batch?batch_id=${batchId}`);
    expect(importing.json()).toMatchObject({ items: 10_000, lots_expected: 10_001 });

    const last = await add(10_000, lots.slice(10_000));
    expect(last.json()).toEqual({ batch_id: batchId, lots: 10_001, lots_expected: null });
    expect(details(await add(10_001, lots.slice(0, 1)))).toEqual([M.importDone]);
    const done = await call(s.syncer, 'GET', `/v1/sync_batch?batch_id=${batchId}`);
    expect(done.json()).toMatchObject({ items: 10_001, lots_expected: null });
    const remarks = readBsxText((await exported(batchId)).body).items.map((l) => l.remarks);
    expect(remarks).toEqual(lots.map((l) => l.note_private));
  }, 120_000);

  it("keeps another company's batch and file to itself", async () => {
    const batchId = await create(importable(readBsxText(readFileSync(ALL_FIELDS_BSX, 'utf8'))));
    const res = await call(s.other, 'GET', `/v1/sync_batch_bsx?batch_id=${batchId}`);
    expect(res.statusCode).toBe(404);
  });
});
