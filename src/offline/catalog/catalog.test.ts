import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from '../db';
import { mouldFacts, sizeText } from './facts';
import { copyDate, openDeviceCatalog } from './device';
import { buildCatalogIndex, loadCatalogIndex } from './load';
import { catalogMeta, storedHashes, syncCatalog } from './sync';
import { fakeCatalog, type Cell } from '../../test/fakeCatalog';

const part = (id: number, name: string, bl = `${3000 + id}`): Cell[] => [
  ...[id, name, `rb${id}`, bl, null, null, 3.2, 1.6, 1.2, 2.3, 2001, 'Plastic'],
];

let db: WarehouseDb;
let server: ReturnType<typeof fakeCatalog>;

beforeEach(() => {
  db = new WarehouseDb(`catalog-test-${crypto.randomUUID()}`);
  server = fakeCatalog();
  for (let c = 0; c < 6; c++) {
    const ids = Array.from({ length: 50 }, (_, i) => c * 2500 + i + 1);
    server.set(
      `parts-${String(c).padStart(4, '0')}`,
      'parts',
      ids.map((id) => part(id, `Brick ${id} x 2`)),
    );
  }
  server.set('colours-0000', 'colours', [[1, 'Bright Red', 'C91A09', '4', 5, 0]]);
  server.set('moulds-0000', 'moulds', [
    [7, 2, 'Brick 1 x 2 mould', null, '3004', null, null, 1, null, null, null, null, null, 9.6],
  ]);
});
afterEach(() => db.close());

describe('catalog sync', () => {
  it('first sync stores every chunk as one record, with progress n of m', async () => {
    const progress: string[] = [];
    const result = await syncCatalog(server.transport, db, (p) =>
      progress.push(`${p.done}/${p.total}`),
    );
    expect(result).toMatchObject({ skipped: 0, deleted: [], complete: true });
    expect(result.fetched).toHaveLength(8);
    expect(await db.catalogChunks.count()).toBe(8);
    expect(progress[0]).toBe('0/8');
    expect(progress.at(-1)).toBe('8/8');
    const meta = await catalogMeta(db);
    expect(meta).toMatchObject({ version: result.version, chunks: 8, rows: 302 });
  });

  it('resumes after an interruption: chunks already stored with the right hash are skipped', async () => {
    server.failAfter(3);
    await expect(syncCatalog(server.transport, db)).rejects.toThrow('Failed to fetch');
    const kept = await storedHashes(db);
    expect(kept.size).toBeGreaterThanOrEqual(3);
    expect(await catalogMeta(db)).toBeUndefined();

    // A reload: a new connection to the same database.
    db.close();
    db = new WarehouseDb(db.name);
    server.failAfter(Infinity);
    server.calls.length = 0;
    const result = await syncCatalog(server.transport, db);
    expect(result.skipped).toBe(kept.size);
    expect(server.fetched().some((n) => kept.has(n))).toBe(false);
    expect(server.fetched()).toHaveLength(8 - kept.size);
    expect(await db.catalogChunks.count()).toBe(8);
  });

  it('after a change fetches only the changed chunks and deletes removed ones', async () => {
    await syncCatalog(server.transport, db);
    server.set('parts-0002', 'parts', [part(5001, 'Brick renamed')]);
    server.remove('parts-0005');
    server.calls.length = 0;
    const result = await syncCatalog(server.transport, db);
    expect(result.fetched).toEqual(['parts-0002']);
    expect(result.deleted).toEqual(['parts-0005']);
    expect(server.fetched()).toEqual(['parts-0002']);
    expect(await db.catalogChunks.get('parts-0005')).toBeUndefined();
    const index = await loadCatalogIndex(db);
    expect(index.findItem('parts', 5001)?.name).toBe('Brick renamed');
    expect(index.findItem('parts', 5002)).toBeNull();
    expect(index.findItem('parts', 12501)).toBeNull();

    server.calls.length = 0;
    const again = await syncCatalog(server.transport, db);
    expect(again.fetched).toEqual([]);
    expect(server.fetched()).toEqual([]);
  });
});

describe('catalog index', () => {
  it('finds by id, by another catalog number and by a piece of the name', async () => {
    await syncCatalog(server.transport, db);
    const index = await buildCatalogIndex(db);
    expect(index.count('parts')).toBe(300);
    expect(index.findItem('parts', 2501)).toMatchObject({ name: 'Brick 2501 x 2', weight: 2.3 });
    expect(index.findItem('parts', 99)).toBeNull();
    expect(index.findByAlternateId('RB2501')).toEqual([
      expect.objectContaining({ kind: 'parts', row: expect.objectContaining({ id: 2501 }) }),
    ]);
    expect(index.findByAlternateId('3004').map((h) => h.kind)).toContain('moulds');

    const hits = index.searchByName('BRICK 250', 5);
    expect(hits.map((h) => h.row.id)).toEqual([2501, 2502, 2503, 2504, 2505]);
    expect(index.searchByName('x 2 mould', 10).map((h) => [h.kind, h.row.id])).toEqual([
      ['moulds', 7],
    ]);
    expect(index.searchByName('red', 10, ['colours'])[0].row.name).toBe('Bright Red');
    expect(index.searchByName('no such brick')).toEqual([]);
    // Names in several search blocks: every match, in catalog order, each once.
    const all = index.searchByName(' x 2', 1000, ['parts']).map((h) => h.row.id);
    expect(all).toHaveLength(300);
    expect(all).toEqual([...all].sort((a, b) => Number(a) - Number(b)));
    expect(index.searchByName('12549 x', 5).map((h) => h.row.id)).toEqual([12549]);
    expect(index.searchByName('Br', 3, ['parts']).map((h) => h.row.id)).toEqual([1, 2, 3]);
    expect(index.searchByName('9', 400, ['parts'])).toHaveLength(
      [...Array(300)].filter((_, i) =>
        String(Math.floor(i / 50) * 2500 + (i % 50) + 1).includes('9'),
      ).length,
    );
    expect(index.searchByName('   ')).toEqual([]);
    // `keep` leaves rows out without counting them towards the limit.
    const odd = index.searchByName('brick', 3, ['parts'], (_, r) => Number(r.id) % 2 === 1);
    expect(odd.map((h) => h.row.id)).toEqual([1, 3, 5]);
  });

  it("gives a mould's facts from itself and its part", async () => {
    await syncCatalog(server.transport, db);
    const facts = mouldFacts(await loadCatalogIndex(db), 7);
    expect(facts).toEqual({
      name: 'Brick 1 x 2 mould',
      size: [3.2, 1.6, 9.6],
      weight: 2.3,
      alternateIds: [
        { label: 'BrickLink', value: '3004' },
        { label: 'Rebrickable', value: 'rb1' },
      ],
    });
    expect(sizeText(facts!.size)).toBe('3.2 x 1.6 x 9.6 cm');
    expect(sizeText([1, null, 2])).toBe('1 x ? x 2 cm');
    expect(mouldFacts(await loadCatalogIndex(db), 8)).toBeNull();
  });
});

describe("the device's copy for searches", () => {
  it('is none before any chunk is stored; then searchable, with the day it was downloaded', async () => {
    expect(await openDeviceCatalog(db)).toBeNull();
    server.failAfter(2);
    await expect(syncCatalog(server.transport, db)).rejects.toThrow();
    // Part of the catalog: searchable, not yet dated.
    const partial = await openDeviceCatalog(db);
    expect(partial?.syncedAt).toBeNull();
    expect(copyDate(partial!.syncedAt)).toBe('download not finished yet');
    server.failAfter(Infinity);
    await syncCatalog(server.transport, db);
    const whole = await openDeviceCatalog(db);
    expect(whole?.syncedAt).toBe((await catalogMeta(db))?.syncedAt);
    expect(whole?.index.searchByName('x 2 mould')).toHaveLength(1);
    expect(copyDate('2026-03-05T10:00:00Z')).toBe(
      `downloaded ${new Date('2026-03-05T10:00:00Z').toLocaleDateString()}`,
    );
  });
});
