import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ControllerMessages } from '../../../contract/controllers';
import { SAMPLE_SOURCE } from '../../catalog-import/source';
import { sampleText } from '../../test/catalog-dump';
import { controllersSuite } from '../../test/controllers-suite';
import { describeEachDialect } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';
import { controllerJobsOf } from '.';
import { failInterruptedRuns } from './jobs';
import { insertControllerRun } from '../../test/controller-runs';

const START = '/api/v3/brickbase/controller/async/';
const LIST = '/api/v3/brickbase/controllers/';

describeEachDialect('controllers: catalog import', (dialect) => {
  const s = controllersSuite(dialect);
  afterEach(() => {
    delete process.env.CATALOG_SOURCE;
  });

  /** Starts a run through the API and waits until it has ended; returns the run as listed. */
  const runOnce = async (source?: string) => {
    if (source) process.env.CATALOG_SOURCE = source;
    const res = await s.call('POST', START);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as { id: number; status: string; created_by: { name: string } };
    expect(started.status).toBe('started');
    expect(started.created_by.name).toBe('admin');
    await controllerJobsOf(s.t.app).idle();
    const list = await s.call('GET', LIST);
    const run = (list.json() as { results: { id: number }[] }).results.find(
      (r) => r.id === started.id,
    ) as {
      id: number;
      status: string;
      error: string | null;
      progress: Record<string, { read: number; created: number; updated: number }>;
    };
    return run;
  };
  const changesOf = (runId: number) =>
    s.t.app.db
      .selectFrom('catalog_changes')
      .selectAll()
      .where('controller_run_id', '=', runId)
      .execute();
  const count = async (
    table:
      | 'parts'
      | 'sets'
      | 'element_in_set'
      | 'minifig_in_set'
      | 'set_in_set'
      | 'part_relations'
      | 'element_in_minifig'
      | 'elements'
      | 'themes',
  ) =>
    Number(
      (
        await s.t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses callers other than the admin', async () => {
    for (const roles of [['picker'], ['digibrick_manager'], ['warehouse_manager']] as const) {
      const bearer = await bearerFor(s.t.app, 'Demo Bricks', [...roles]);
      expect((await s.call('POST', START, bearer)).statusCode).toBe(403);
      expect((await s.call('GET', LIST, bearer)).statusCode).toBe(403);
    }
    expect((await s.t.app.inject({ method: 'POST', url: START })).statusCode).toBe(401);
  });

  it('imports the sample dump (.csv and .csv.gz) through every stage', async () => {
    const run = await runOnce();
    expect(run.error).toBeNull();
    expect(run.status).toBe('completed');
    const part = await s.t.app.db
      .selectFrom('parts')
      .selectAll()
      .where('rebrickable_id', '=', '2431pr0001')
      .executeTakeFirstOrThrow();
    expect(part.name).toBe('Tile 1 x 4 with Police Print');
    const setRow = await s.t.app.db
      .selectFrom('sets')
      .selectAll()
      .where('rebrickable_id', '=', '75192-1')
      .executeTakeFirstOrThrow();
    expect(setRow).toMatchObject({ name: 'Millennium Falcon', year: 2017, num_parts: 7541 });
    expect(await count('element_in_set')).toBeGreaterThan(50);
    expect(await count('element_in_minifig')).toBeGreaterThanOrEqual(24);
    expect(await count('minifig_in_set')).toBeGreaterThanOrEqual(11);
    expect(await count('set_in_set')).toBeGreaterThanOrEqual(2);
    expect(await count('part_relations')).toBeGreaterThanOrEqual(10);
    // A theme listed before its parent gets the parent.
    const classicSpace = await s.t.app.db
      .selectFrom('themes')
      .selectAll()
      .where('rebrickable_id', '=', 700)
      .executeTakeFirstOrThrow();
    expect(classicSpace.parent_id).not.toBeNull();
    const changes = await changesOf(run.id);
    expect(changes.length).toBeGreaterThan(100);
    // The demo catalog's rows are matched, never renamed: only element numbers are filled in.
    const updated = changes.filter((c) => c.action === 'update');
    expect(updated.length).toBeGreaterThan(0);
    expect(updated.every((c) => c.model === 'element')).toBe(true);
    expect(changes.every((c) => c.actor_name === 'admin')).toBe(true);
    const created = changes.find((c) => c.model === 'set' && c.model_uuid === setRow.uuid)!;
    expect(created.action).toBe('create');
    expect(JSON.parse(created.changes).name).toEqual({ old: null, new: 'Millennium Falcon' });
    expect(run.progress.parts).toMatchObject({ read: 40, skipped: 0 });
  });

  it('a second run of the same dump changes nothing and writes no changelog', async () => {
    const before = await s.t.app.db
      .selectFrom('parts')
      .select(['id', 'version'])
      .orderBy('id')
      .execute();
    const run = await runOnce();
    expect(run.status).toBe('completed');
    expect(await changesOf(run.id)).toEqual([]);
    expect(
      await s.t.app.db.selectFrom('parts').select(['id', 'version']).orderBy('id').execute(),
    ).toEqual(before);
  });

  it('a changed row writes exactly one changelog entry with old and new', async () => {
    const parts = sampleText('parts').replace('3001,Brick 2 x 4,', '3001,Brick 2 x 4 (changed),');
    const run = await runOnce(s.dump({ parts }));
    expect(run.status).toBe('completed');
    const changes = await changesOf(run.id);
    expect(changes).toHaveLength(1);
    const part = await s.t.app.db
      .selectFrom('parts')
      .selectAll()
      .where('rebrickable_id', '=', '3001')
      .executeTakeFirstOrThrow();
    expect(changes[0]).toMatchObject({
      model: 'part',
      model_uuid: part.uuid,
      action: 'update',
      actor_name: 'admin',
    });
    expect(JSON.parse(changes[0].changes)).toEqual({
      name: { old: 'Brick 2 x 4', new: 'Brick 2 x 4 (changed)' },
    });
  });

  it('reads the dump from a base URL (gzip files streamed as they download)', async () => {
    const server: Server = createServer((req, res) => {
      const name = (req.url ?? '/').slice('/dump/'.length);
      try {
        const body = readFileSync(join(SAMPLE_SOURCE, name));
        res.writeHead(200).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const run = await runOnce(`http://127.0.0.1:${port}/dump`);
      expect(run.error).toBeNull();
      expect(run.status).toBe('completed');
      // The sample again (after the changed name above): only that part changes back.
      expect((await changesOf(run.id)).map((c) => c.model)).toEqual(['part']);
      const missing = await runOnce(`http://127.0.0.1:${port}/nothing-here`);
      expect(missing.error).toBe(
        'Loading colours: colors.csv (or colors.csv.gz) is missing from the catalog source',
      );
    } finally {
      server.close();
    }
  });

  it('refuses a second start while a run is busy (409)', async () => {
    const id = await insertControllerRun(s.t.app.db, {
      status: 'busy_parts',
      lockedBy: 'elsewhere#1',
      lockedUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    const res = await s.call('POST', START);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ detail: ControllerMessages.alreadyRunning }] });
    const busy = await s.call('GET', `${LIST}?status=busy`);
    expect((busy.json() as { results: { id: number }[] }).results.map((r) => r.id)).toEqual([id]);
    await s.t.app.db.deleteFrom('controller_runs').where('id', '=', id).execute();
  });

  it('marks failed a run left busy by a server that went away', async () => {
    const insert = (lockedBy: string, until: string | null) =>
      insertControllerRun(s.t.app.db, { status: 'busy_elements', lockedBy, lockedUntil: until });
    // A process of this machine that no longer runs (a restart), lease not yet lapsed.
    const restarted = await insert(
      `${hostname()}#2147483646`,
      new Date(Date.now() + 60_000).toISOString(),
    );
    // Another server whose lease lapsed.
    const lapsed = await insert('other-host#12', new Date(Date.now() - 1000).toISOString());
    expect(await failInterruptedRuns(s.t.app.db, { checkLocalProcesses: true })).toBe(2);
    const rows = await s.t.app.db
      .selectFrom('controller_runs')
      .selectAll()
      .where('id', 'in', [restarted, lapsed])
      .execute();
    for (const r of rows) {
      expect(r.status).toBe('failed');
      expect(r.error).toBe('Loading colours per part: the server stopped during the run');
    }
  });

  it('lists runs by status group, newest first, with paging; a bad filter is a 400', async () => {
    const all = await s.call('GET', `${LIST}?page=0&size=2&status=completed,busy,failed`);
    const body = all.json() as { count: number; results: { status: string }[] };
    expect(body.results).toHaveLength(2);
    expect(body.count).toBeGreaterThanOrEqual(8);
    const failed = await s.call('GET', `${LIST}?status=failed&size=100`);
    const f = failed.json() as { count: number; results: { status: string; error: string }[] };
    expect(f.results.every((r) => r.status === 'failed' && r.error)).toBe(true);
    const bad = await s.call('GET', `${LIST}?status=running`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('controllers: sample dump', () => {
  it('ships .csv and .csv.gz files', () => {
    expect(sampleText('parts')).toContain('part_num,name,part_cat_id,part_material');
    expect(sampleText('inventory_parts')).toContain('inventory_id,part_num,color_id');
  });
});
