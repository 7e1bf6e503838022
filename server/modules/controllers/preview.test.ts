import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { ControllerPreview } from '../../../contract/controllers';
import { DEMO_SAMPLE, writeDemoSample } from '../../catalog-import/demo-sample';
import { sampleText } from '../../test/catalog-dump';
import { controllersSuite } from '../../test/controllers-suite';
import { describeEachDialect } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';
import { controllerJobsOf } from '.';

const PREVIEW = '/api/v3/brickbase/controller/preview/';
const START = '/api/v3/brickbase/controller/async/';

/** The preview before a run, on the demo data: the demo sample dump, then the shipped sample. */
describeEachDialect('controllers: preview of a catalog import', (dialect) => {
  const s = controllersSuite(dialect);
  let demoSample: string;

  beforeAll(() => {
    demoSample = s.removedAtEnd(mkdtempSync(join(tmpdir(), 'bw-demo-sample-')));
    writeDemoSample(demoSample);
    process.env.CATALOG_SOURCE = demoSample;
  });
  afterEach(() => {
    process.env.CATALOG_SOURCE = demoSample;
  });

  const preview = async () => {
    const res = await s.call('GET', PREVIEW);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ControllerPreview;
  };
  const file = (p: ControllerPreview, name: string) => p.files.find((f) => f.file === name)!;
  const catalogState = async () => ({
    parts: await s.t.app.db
      .selectFrom('parts')
      .select(['id', 'name', 'version'])
      .orderBy('id')
      .execute(),
    changes: (await s.t.app.db.selectFrom('catalog_changes').select('id').execute()).length,
  });

  it('is the admin’s only', async () => {
    for (const roles of [['picker'], ['digibrick_manager']] as const) {
      const bearer = await bearerFor(s.t.app, 'Demo Bricks', [...roles]);
      expect((await s.call('GET', PREVIEW, bearer)).statusCode).toBe(403);
    }
    expect((await s.t.app.inject({ method: 'GET', url: PREVIEW })).statusCode).toBe(401);
  });

  it('matches the demo catalog in the demo sample: the new parts and the one rename, nothing written', async () => {
    const before = await catalogState();
    const p = await preview();
    expect(p.error).toBeNull();
    const unchangedOnly = (name: string) =>
      expect(file(p, name)).toMatchObject({ created: 0, updated: 0, skipped: 0 });
    for (const name of ['colors', 'themes', 'part_categories', 'sets']) unchangedOnly(name);
    expect(file(p, 'colors')).toMatchObject({ read: 40, unchanged: 40 });
    expect(file(p, 'part_categories')).toMatchObject({ read: 13, unchanged: 13 });
    expect(file(p, 'themes')).toMatchObject({ read: 3, unchanged: 3 });
    expect(file(p, 'sets')).toMatchObject({ read: 2, unchanged: 2 });
    const parts = file(p, 'parts');
    expect(parts).toMatchObject({
      created: DEMO_SAMPLE.newParts.length,
      updated: 1,
      unchanged: parts.read - DEMO_SAMPLE.newParts.length - 1,
    });
    const { part, from, to } = DEMO_SAMPLE.renamed;
    expect(parts.examples).toEqual([
      { item: part, changes: [{ field: 'name', old: from, new: to }] },
    ]);
    expect(await catalogState()).toEqual(before);
  });

  it('importing the demo sample renames only that part and adds the new ones', async () => {
    const res = await s.call('POST', START);
    expect(res.statusCode, res.body).toBe(202);
    const runId = (res.json() as { id: number }).id;
    await controllerJobsOf(s.t.app).idle();
    const changes = await s.t.app.db
      .selectFrom('catalog_changes')
      .select(['model', 'action', 'changes'])
      .where('controller_run_id', '=', runId)
      .execute();
    expect(changes.filter((c) => c.action === 'update')).toEqual([
      {
        model: 'part',
        action: 'update',
        changes: JSON.stringify({
          name: { old: DEMO_SAMPLE.renamed.from, new: DEMO_SAMPLE.renamed.to },
        }),
      },
    ]);
    expect(changes.filter((c) => c.action === 'create').map((c) => c.model)).toEqual(
      DEMO_SAMPLE.newParts.map(() => 'part'),
    );
    expect(changes.filter((c) => c.action === 'delete')).toEqual([]);
    // Run again, the preview finds nothing left to change.
    const again = await preview();
    expect(again.files.every((f) => f.created + f.updated === 0)).toBe(true);
  });

  it('names references and elements in its examples, and tells a bad dump as the run would', async () => {
    process.env.CATALOG_SOURCE = s.dump({});
    const shipped = await preview();
    expect(shipped.error).toBeNull();
    // The shipped sample renames no demo row (only the part the demo sample renamed goes back);
    // it fills in the numbers of some demo elements.
    for (const f of shipped.files.filter((f) => !['parts', 'elements'].includes(f.file))) {
      expect(f.updated).toBe(0);
    }
    const { part, from, to } = DEMO_SAMPLE.renamed;
    expect(file(shipped, 'parts').examples).toEqual([
      { item: part, changes: [{ field: 'name', old: to, new: from }] },
    ]);
    const elements = file(shipped, 'elements');
    expect(elements.updated).toBeGreaterThan(0);
    expect(elements.examples[0].item).toMatch(/^\S+ in [A-Z]/);
    expect(elements.examples[0].changes).toEqual([
      { field: 'element_id', old: null, new: expect.stringMatching(/^\d+$/) },
    ]);

    // A part moved to a category the dump adds: the category is named, old and new.
    const parts = sampleText('parts').replace('3001,Brick 2 x 4,11,', '3001,Brick 2 x 4,1,');
    process.env.CATALOG_SOURCE = s.dump({ parts });
    const moved = await preview();
    expect(file(moved, 'parts').examples).toContainEqual({
      item: '3001',
      changes: [{ field: 'category_id', old: 'Bricks', new: 'Baseplates' }],
    });

    process.env.CATALOG_SOURCE = s.dump({ sets: 'set_num,name\n' });
    const bad = await preview();
    expect(bad.error).toBe(
      "Loading sets: sets.csv has no column 'year', 'theme_id', 'num_parts', 'img_url' (its header is 'set_num,name')",
    );
    expect(bad.files.map((f) => f.file)).toEqual(['colors', 'themes', 'part_categories', 'sets']);
  });
});
