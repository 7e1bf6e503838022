import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { runCatalogImport } from './run';
import { SAMPLE_SOURCE } from './source';
import { dumpWith, sampleText } from '../test/catalog-dump';
import { insertControllerRun } from '../test/controller-runs';

/** The importer run directly (no route): inventory rules, bad files and the partial-state rule. */
describeEachDialect('catalog import: inventories and bad files', (dialect) => {
  let t: TestApp;
  const dirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false });
  });
  afterAll(async () => {
    await t.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const run = async (source: string) => {
    const id = await insertControllerRun(t.app.db);
    await runCatalogImport({
      db: t.app.db,
      runId: id,
      source,
      actor: { runId: id, userId: null, name: 'Importer' },
      serverId: 'test#1',
      signal: new AbortController().signal,
      batchSize: 5,
    });
    const row = await t.app.db
      .selectFrom('controller_runs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const changes = await t.app.db
      .selectFrom('catalog_changes')
      .selectAll()
      .where('controller_run_id', '=', id)
      .execute();
    return { ...row, changes };
  };
  const dump = (files: Record<string, string>) => {
    const dir = dumpWith(files);
    dirs.push(dir);
    return dir;
  };
  /** The catapult's (inventory 1) element lines as 'part/colour quantity+extra'. */
  const catapult = async () => {
    const rows = await t.app.db
      .selectFrom('element_in_set as l')
      .innerJoin('sets as s', 's.id', 'l.set_id')
      .innerJoin('elements as e', 'e.id', 'l.element_id')
      .innerJoin('parts as p', 'p.id', 'e.part_id')
      .innerJoin('colours as c', 'c.id', 'e.colour_id')
      .select([
        'p.rebrickable_id as part',
        'c.rebrickable_id as colour',
        'l.quantity',
        'l.extra_quantity',
      ])
      .where('s.rebrickable_id', '=', '6030-1')
      .execute();
    return rows.map((r) => `${r.part}/${r.colour} ${r.quantity}+${r.extra_quantity}`).sort();
  };

  it('imports the sample in small batches; spares are extra quantity; later versions are not used', async () => {
    const first = await run(SAMPLE_SOURCE);
    expect(first.error).toBeNull();
    expect(await catapult()).toEqual([
      '24299/1 12+0',
      '3005/320 2+0',
      '3009/28 1+0',
      '3023/14 7+0',
      '3040b/15 7+0',
      '3069b/28 10+0',
      '3701/1 2+0',
      '6141/71 0+1',
    ]);
    // The part in a colour elements.csv lacks became an element without a number.
    const made = first.changes.filter((c) => c.model === 'element' && c.action === 'create');
    expect(made.some((c) => JSON.parse(c.changes).element_id === undefined)).toBe(true);
    // Inventory 21 is version 2 of 60047-1: its 99 bricks are not in the set.
    const police = await t.app.db
      .selectFrom('element_in_set as l')
      .innerJoin('sets as s', 's.id', 'l.set_id')
      .select((eb) => eb.fn.max('l.quantity').as('q'))
      .where('s.rebrickable_id', '=', '60047-1')
      .executeTakeFirstOrThrow();
    expect(Number(police.q)).toBeLessThan(99);
  });

  it('an inventory line gone from the dump is deleted, a changed one updated, both in the changelog', async () => {
    const lines = sampleText('inventory_parts')
      .replace('1,3023,14,7,f,\n', '')
      .replace('1,3701,1,2,f,', '1,3701,1,5,f,')
      .replace('1,3009,28,1,f,', '1,3009,28,1,f,\n1,3009,28,2,f,');
    const again = await run(dump({ inventory_parts: lines }));
    expect(again.error).toBeNull();
    expect(await catapult()).toContain('3701/1 5+0');
    expect(await catapult()).toContain('3009/28 3+0');
    expect((await catapult()).some((l) => l.startsWith('3023/14'))).toBe(false);
    const set = await t.app.db
      .selectFrom('sets')
      .select('uuid')
      .where('rebrickable_id', '=', '6030-1')
      .executeTakeFirstOrThrow();
    const changes = again.changes.map((c) => ({
      model: c.model,
      uuid: c.model_uuid,
      action: c.action,
      changes: JSON.parse(c.changes) as object,
    }));
    expect(changes).toHaveLength(3);
    expect(changes.every((c) => c.model === 'element_in_set' && c.uuid === set.uuid)).toBe(true);
    expect(changes.map((c) => c.action).sort()).toEqual(['delete', 'update', 'update']);
    expect(changes.find((c) => c.action === 'delete')!.changes).toMatchObject({
      quantity: { old: 7, new: null },
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ changes: { quantity: { old: 2, new: 5 } } }),
    );
  });

  it('refuses an inventory whose lines are not together', async () => {
    const lines = `${sampleText('inventory_parts').trimEnd()}\n1,3001,19,1,f,\n`;
    const failed = await run(dump({ inventory_parts: lines }));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /^Linking parts, minifigures and sets: inventory_parts\.csv line \d+: the lines of inventory 1 are not together$/,
    );
  });

  it('a malformed file fails the run with file, line and reason and leaves that table as it was', async () => {
    const before = await t.app.db.selectFrom('sets').selectAll().orderBy('id').execute();
    const badYear = await run(
      dump({ sets: sampleText('sets').replace(',Catapult,1984,', ',Catapult,19x4,') }),
    );
    expect(badYear.status).toBe('failed');
    expect(badYear.error).toBe("Loading sets: sets.csv line 2: year '19x4' is not a whole number");
    expect(await t.app.db.selectFrom('sets').selectAll().orderBy('id').execute()).toEqual(before);

    const noColumn = await run(
      dump({ minifigs: 'fig_num,name,img_url\nfig-000001,Police Officer,\n' }),
    );
    expect(noColumn.error).toBe(
      "Loading minifigs: minifigs.csv has no column 'num_parts' (its header is 'fig_num,name,img_url')",
    );
    const ragged = await run(dump({ part_categories: 'id,name\n1,Baseplates\n3,Bricks,Sloped\n' }));
    expect(ragged.error).toBe(
      'Loading categories: part_categories.csv line 3: 3 fields where the header has 2',
    );
  });

  it('a bad line keeps the batches before it and writes nothing from its own batch on', async () => {
    // Batches of 5 rows: rows 1–5 are written, the bad 7th row's batch (6–10) and the rest are not.
    const rows = sampleText('minifigs').trimEnd().split('\n');
    expect(rows[7]).toContain(',Kai,5,');
    rows[7] = rows[7].replace(',Kai,5,', ',Kai,five,');
    await t.app.db.deleteFrom('minifigs').execute();
    const failed = await run(dump({ minifigs: `${rows.join('\n')}\n` }));
    expect(failed.error).toBe(
      "Loading minifigs: minifigs.csv line 8: num_parts 'five' is not a whole number",
    );
    const kept = await t.app.db
      .selectFrom('minifigs')
      .select('rebrickable_id')
      .orderBy('rebrickable_id')
      .execute();
    expect(kept.map((k) => k.rebrickable_id)).toEqual([1, 2, 3, 4, 5].map((n) => `fig-00000${n}`));
  });
});
