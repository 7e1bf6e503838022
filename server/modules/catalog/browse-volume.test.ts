import { beforeAll, expect, it } from 'vitest';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';
import { recorder, sqlitePlans } from '../../test/query-plans';
import { browse } from './browse';

const PARTS = 20_000;
const SETS = 5_000;

/**
 * The catalog browser over a catalog of realistic size: a page is read in name order from an
 * index (not by sorting every part), and searches and filters answer well within a second.
 */
describeEachDialect('catalog browser with thousands of rows', (dialect) => {
  const s = appSuite(dialect, { admin: 'admin@demo.test' });

  beforeAll(async () => {
    const db = s.t.app.db;
    for (let start = 0; start < PARTS; start += 1000) {
      await db
        .insertInto('parts')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            uuid: `volume-part-${start + i}`,
            name: `Volume part ${((start + i) * 7919) % PARTS}`,
            rebrickable_id: `vp${start + i}`,
            bricklink_id: `vp${start + i}`,
            brickowl_id: null,
            category_id: (i % 13) + 1,
            image_url: null,
            length: null,
            width: null,
            height: null,
            weight: null,
            year: 2000 + (i % 20),
            material: null,
            version: 1,
          })),
        )
        .execute();
    }
    for (let start = 0; start < SETS; start += 1000) {
      await db
        .insertInto('sets')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            uuid: `volume-set-${start + i}`,
            name: `Volume set ${start + i}`,
            rebrickable_id: `vs${start + i}`,
            bricklink_id: null,
            brickowl_id: null,
            theme_id: (i % 5) + 1,
            image_url: null,
            num_parts: 10,
            year: 2000 + (i % 20),
            length: null,
            width: null,
            height: null,
            weight: null,
          })),
        )
        .execute();
    }
  }, 120_000);

  const timed = async (query: string) => {
    const started = performance.now();
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v3/brickbase/catalog/?${query}`,
      headers: { authorization: s.admin },
    });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    return { ms, body: res.json() as { count: number; results: { name: string }[] } };
  };

  it('answers pages, searches and filters within a second', async () => {
    const cases: [string, (n: number) => boolean][] = [
      ['tab=parts', (n) => n > PARTS],
      ['tab=parts&page=700', (n) => n > PARTS],
      ['tab=parts&search=volume%20part%201', (n) => n > 1000 && n < PARTS],
      ['tab=parts&search=vp123', (n) => n === 1],
      ['tab=parts&category_id=3', (n) => n > 1000],
      ['tab=sets&theme_id=2&year=2006', (n) => n > 0],
      ['tab=overview', (n) => n > PARTS + SETS],
      ['tab=overview&search=volume%20set%2042', (n) => n >= 11],
    ];
    for (const [query, countOk] of cases) {
      await timed(query); // warm
      const { ms, body } = await timed(query);
      expect(countOk(body.count), `${query}: ${body.count}`).toBe(true);
      expect(body.results.length, query).toBeLessThanOrEqual(25);
      expect(ms, query).toBeLessThan(1000);
    }
  });

  // SQLite plans without statistics, so its plan is checked; PostgreSQL's by its statistics.
  const onSqlite = dialect === 'sqlite' ? it : () => undefined;
  onSqlite('reads a page of parts in name order from the name index', async () => {
    const { nodes, plugin } = recorder();
    await browse(s.t.app.db.withPlugin(plugin), { tab: 'parts', page: 3, size: 25 });
    const { sql, details } = (await sqlitePlans(s.t.app.db, nodes)).find((p) =>
      / limit /.test(p.sql),
    )!;
    expect(details, sql).toMatch(/parts_name_idx/);
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
