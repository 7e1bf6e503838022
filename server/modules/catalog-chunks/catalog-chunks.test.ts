import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CatalogChunk, CatalogManifest } from '../../../contract/catalog-chunks';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';

describeEachDialect('catalog chunks', (dialect) => {
  let t: TestApp;
  let picker: string;
  let other: string;

  const manifest = async (auth = picker) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/manifest',
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(200);
    return CatalogManifest.parse(res.json());
  };
  const chunk = (name: string, hash?: string, gzip = false) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/chunks/${name}${hash ? `?hash=${hash}` : ''}`,
      headers: { authorization: picker, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) },
    });
  const hashes = (m: CatalogManifest) => new Map(m.chunks.map((c) => [c.name, c.hash]));

  const addPart = (id: number, name: string) =>
    t.app.db
      .insertInto('parts')
      .values({
        id,
        uuid: `test-part-${id}`,
        name,
        rebrickable_id: `tp${id}`,
        bricklink_id: `tb${id}`,
        brickowl_id: null,
        category_id: null,
        image_url: null,
        length: 1.6,
        width: 0.8,
        height: 1.2,
        weight: 0.45,
        year: 2020,
        material: 'Plastic',
        version: 1,
      } as never)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    other = await bearerFor(t.app, 'Other Bricks', ['warehouse_manager']);
    await addPart(5001, 'Test Brick 2 x 4 far range');
  });
  afterAll(async () => t?.close());

  it('lists chunks of every kind with hash, rows and bytes; any signed-in user reads it', async () => {
    const m = await manifest();
    const kinds = new Set(m.chunks.map((c) => c.kind));
    for (const k of ['colours', 'parts', 'sets', 'elements', 'moulds']) expect(kinds).toContain(k);
    expect(m.chunks.map((c) => c.name)).toContain('parts-0002');
    const parts = await t.app.db
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const rows = m.chunks.filter((c) => c.kind === 'parts').reduce((s, c) => s + c.rows, 0);
    expect(rows).toBe(Number(parts.n));
    expect((await manifest(other)).version).toBe(m.version);
  });

  it('serves a chunk in column form; immutable only when the hash matches; gzip when asked', async () => {
    const m = await manifest();
    const info = m.chunks.find((c) => c.name === 'parts-0002')!;
    const res = await chunk(info.name, info.hash);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const body = CatalogChunk.parse(res.json());
    expect(body.hash).toBe(info.hash);
    expect(Buffer.byteLength(res.body)).toBe(info.bytes);
    const row = Object.fromEntries(body.columns.map((c, i) => [c, body.rows[0][i]]));
    expect(row).toMatchObject({ id: 5001, name: 'Test Brick 2 x 4 far range', weight: 0.45 });
    expect(row.length).toBe(1.6);

    const stale = await chunk(info.name, 'not-the-hash');
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('no-cache');

    const zipped = await chunk(info.name, info.hash, true);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(res.json());
  });

  it('a change to one part changes only the chunk holding it', async () => {
    const before = await manifest();
    await t.app.db
      .updateTable('parts')
      .set({ name: 'Test Brick 2 x 4 renamed', version: 999_999 })
      .where('id', '=', 5001)
      .execute();
    const after = await manifest();
    expect(after.version).not.toBe(before.version);
    const a = hashes(after);
    const changed = [...hashes(before)].filter(([name, hash]) => a.get(name) !== hash);
    expect(changed.map(([name]) => name)).toEqual(['parts-0002']);
    const body = CatalogChunk.parse((await chunk('parts-0002', a.get('parts-0002'))).json());
    expect(body.rows[0][1]).toBe('Test Brick 2 x 4 renamed');
    // Asked for by the old hash: the current content, named by its own hash, not to be kept.
    const old = await chunk('parts-0002', hashes(before).get('parts-0002'));
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(CatalogChunk.parse(old.json()).hash).toBe(a.get('parts-0002'));
  });

  it('a chunk whose range empties leaves the manifest', async () => {
    await addPart(9001, 'Test Brick lonely');
    expect(hashes(await manifest()).has('parts-0003')).toBe(true);
    await t.app.db.deleteFrom('parts').where('id', '=', 9001).execute();
    expect(hashes(await manifest()).has('parts-0003')).toBe(false);
    expect((await chunk('parts-0003')).statusCode).toBe(404);
  });

  it('404 for an unknown chunk, 400 for a malformed name, 401 without a session', async () => {
    const unknown = await chunk('parts-9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Catalog chunk not found');
    expect((await chunk('..%2Fetc')).statusCode).toBe(400);
    for (const url of ['/api/v1/catalog/manifest', '/api/v1/catalog/chunks/parts-0000']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
