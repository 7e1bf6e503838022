import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readBsxText } from '../../../contract/bsx';
import {
  newItemFromLot,
  SyncBatchMessages as M,
  type NewBatchItem,
  type SyncBatchItem,
} from '../../../contract/sync-batches';
import { NO_STORE } from '../../jobs';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect, details } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';

const sample = readFileSync(join(__dirname, '../../../tests/fixtures/sample.bsx'), 'utf8');
/** The sample's lots: 3003 White (N), 3710 Dark Bluish Gray (U), sw0001a, 6020-1. */
const lots = readBsxText(sample).items.map(newItemFromLot);

describeEachDialect('sync batches', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    other: ['Other Bricks', ['bricksyncer']],
    picker: ['Demo Bricks', ['picker']],
  });

  const call = caller(() => s.t);
  const parts = (): NewBatchItem[] => [{ ...lots[0] }, { ...lots[1], condition: 'GOOD' }];
  const create = async (name: string, items = parts(), auth = s.syncer) => {
    const res = await call(auth, 'POST', '/v1/new_sync_batch', { name, items });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { batch_id: number }).batch_id;
  };
  const items = async (batchId: number, auth = s.syncer) =>
    (await call(auth, 'GET', `/v1/sync_batch_items?batch_id=${batchId}`)).json()
      .results as SyncBatchItem[];

  it('reads the file into lots: N is NEW, other conditions are left to pick, sets keep completeness', () => {
    expect(lots.map((l) => [l.bl_item_id, l.condition, l.completeness, l.price])).toEqual([
      ['3003', 'NEW', null, 85],
      ['3710', null, null, 40],
      ['sw0001a', null, null, 1250],
      ['6020-1', null, 'INCOMPLETE', 24500],
    ]);
  });

  it('converts lots to the catalog, telling which are not in it', async () => {
    const res = await call(s.syncer, 'POST', '/v1/sync_batch_convert', { lots });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { found: boolean }) => r.found)).toEqual([true, true, false, false]);
    expect(results[0]).toMatchObject({ mold_name: 'Brick 2 x 2', colour_name: 'White' });
    expect(results[1]).toMatchObject({ colour_name: 'Dark Bluish Gray', colour_hex: '6C6E68' });
  });

  it('refuses a new batch with every failed check in one answer and creates nothing', async () => {
    const before = (await call(s.syncer, 'GET', '/v1/sync_batches')).json().total;
    const bad: NewBatchItem[] = [
      { ...lots[0], condition: 'GOOD' },
      { ...lots[1], quantity: 2.5, price: 0 },
      { ...lots[3], condition: 'GOOD', completeness: null, quantity: 0 },
    ];
    const res = await call(s.syncer, 'POST', '/v1/new_sync_batch', { name: ' ', items: bad });
    expect(res.statusCode).toBe(400);
    expect(details(res)).toEqual([
      M.nameEmpty,
      M.newLocked('3003 (White)'),
      M.noCondition('3710 (Dark Bluish Gray)'),
      M.noPrice('3710 (Dark Bluish Gray)'),
      M.decimals('3710 (Dark Bluish Gray)'),
      M.noCompleteness('6020-1'),
      M.zeroQuantity('6020-1'),
      M.notInCatalog('6020-1'),
    ]);
    expect((await call(s.syncer, 'GET', '/v1/sync_batches')).json().total).toBe(before);
  });

  it('creates a batch on existing or new items, lists it and shows its items', async () => {
    const id = await create('Import one');
    const list = (await call(s.syncer, 'GET', '/v1/sync_batches?limit=10&page=1')).json();
    expect(list.results[0]).toMatchObject({ batch_id: id, name: 'Import one', items: 2 });
    const got = await items(id);
    expect(got.map((i) => [i.mold_name, i.colour_name, i.condition, i.quantity, i.price])).toEqual([
      ['Brick 2 x 2', 'White', 'NEW', 120, 85],
      ['Plate 1 x 4', 'Dark Bluish Gray', 'GOOD', 33, 40],
    ]);
    expect(got[1].note_public).toBe('Light play wear <used>');
    // A second import of the same lots lands on the same warehouse items.
    const again = await items(await create('Import two'));
    expect(again.map((i) => i.item_id)).toEqual(got.map((i) => i.item_id));
    const one = await call(s.syncer, 'GET', `/v1/sync_batch?batch_id=${id}`);
    expect(one.json()).toMatchObject({ batch_id: id, name: 'Import one', items: 2 });
  });

  it('pages batches 10 at a time, newest first', async () => {
    for (let i = 0; i < 11; i++) await create(`Paged ${i}`, [parts()[0]]);
    const first = (await call(s.syncer, 'GET', '/v1/sync_batches')).json();
    expect(first.results).toHaveLength(10);
    expect(first.results[0].name).toBe('Paged 10');
    const second = (await call(s.syncer, 'GET', '/v1/sync_batches?page=2')).json();
    expect(second.results[0].name).toBe('Paged 0');
    expect(first.total).toBe(second.total);
  });

  it('edits prices in thousandths and checks the upload precondition', async () => {
    const id = await create('Priced');
    const [a, b] = await items(id);
    const res = await call(s.syncer, 'PUT', '/v1/sync_batch_items', {
      batch_id: id,
      items: [
        { id: a.id, price: 1234 },
        { id: b.id, price: 0 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((i: SyncBatchItem) => i.price)).toEqual([1234, 0]);
    const upload = (body: object) =>
      call(s.syncer, 'POST', `/v1/sync_batch_upload?batch_id=${id}`, body);
    const noPrice = await upload({ items: [] });
    expect(noPrice.statusCode).toBe(400);
    expect(details(noPrice)).toEqual([M.uploadNoPrice]);
    const priced = await upload({ items: [{ item_id: b.item_id, price: 5, quantity: 33 }] });
    expect(priced.statusCode).toBe(409); // the demo stores have no credentials yet
    expect(details(priced)).toEqual([NO_STORE]);
    // An item of another batch is refused and nothing changes.
    const otherBatch = await items(await create('Elsewhere'));
    const wrong = await call(s.syncer, 'PUT', '/v1/sync_batch_items', {
      batch_id: id,
      items: [
        { id: a.id, price: 9 },
        { id: otherBatch[0].id, price: 9 },
      ],
    });
    expect(wrong.statusCode).toBe(404);
    expect((await items(id))[0].price).toBe(1234);
  });

  it('keeps batches within the company and to the bricksyncer role', async () => {
    const id = await create('Ours');
    expect((await call(s.other, 'GET', `/v1/sync_batch?batch_id=${id}`)).statusCode).toBe(404);
    expect((await call(s.other, 'GET', `/v1/sync_batch_items?batch_id=${id}`)).statusCode).toBe(
      404,
    );
    const theirs = await call(s.other, 'PUT', '/v1/sync_batch_items', {
      batch_id: id,
      items: [{ id: 1, price: 1 }],
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call(s.other, 'GET', '/v1/sync_batches')).json().results).toEqual([]);
    expect((await call(s.picker, 'GET', '/v1/sync_batches')).statusCode).toBe(403);
    expect(
      (await call(s.picker, 'POST', '/v1/new_sync_batch', { name: 'x', items: [] })).statusCode,
    ).toBe(403);
  });

  it('refuses bad input with a 400, never a 500', async () => {
    const bad = [
      { name: 'x', items: [{ ...lots[0], item_type_id: 'Z' }] },
      { name: 'x', items: [{ ...lots[0], quantity: -1 }] },
      { name: 'x', items: 'lots' },
      { name: 'x', items: [], project_id: 'one' },
    ];
    for (const body of bad) {
      expect((await call(s.syncer, 'POST', '/v1/new_sync_batch', body)).statusCode).toBe(400);
    }
    expect((await call(s.syncer, 'GET', '/v1/sync_batch?batch_id=abc')).statusCode).toBe(400);
    expect((await call(s.syncer, 'GET', '/v1/sync_batch?batch_id=99999')).statusCode).toBe(404);
  });

  it("offers a new batch the company's own projects, by name, to bricksyncers only", async () => {
    const digi = await bearerFor(s.t.app, 'Demo Bricks', ['digibrick_manager']);
    const otherDigi = await bearerFor(s.t.app, 'Other Bricks', ['digibrick_manager']);
    const project = { condition: 'GOOD', content: 'Boxes', purpose: 'Sell', comments: '' };
    for (const [auth, name] of [
      [digi, 'Zeta lot'],
      [digi, 'Alpha lot'],
      [otherDigi, 'Not ours'],
    ]) {
      const res = await call(auth, 'PUT', '/v1/projects', { ...project, name });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await call(s.syncer, 'GET', '/v1/sync_batch_projects');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { results: { name: string; status: string }[] }).results;
    const listed = names.map((p) => p.name);
    expect(listed).toEqual(expect.arrayContaining(['Alpha lot', 'Zeta lot']));
    expect(listed).not.toContain('Not ours');
    expect(listed).toEqual([...listed].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(Object.keys(names[0]).sort()).toEqual(['name', 'project_id', 'status']);
    expect((await call(s.picker, 'GET', '/v1/sync_batch_projects')).statusCode).toBe(403);
  });
});
