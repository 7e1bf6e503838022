import { expect, it } from 'vitest';
import { ProjectMessages as M, type BatchRow } from '../../../contract/projects';
import { firstItem, insertTrays, digitizingSuite } from '../../test/digitizing';
import { describeEachDialect, details } from '../../test/helpers';

describeEachDialect('digitizing batches', (dialect) => {
  const s = digitizingSuite(dialect, 'Batches test');
  const { call } = s;

  const batches = (p = s.projectId) => `/v1/batches?project_id=${p}`;
  const named = (res: { json(): unknown }, name: string) =>
    (res.json() as { results: BatchRow[] }).results.find((b) => b.name === name)!;
  const pull = async (cursor: number) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?collection=trays&cursor=${cursor}`,
      headers: { authorization: s.filler },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      rows: { tray_id: number }[];
      tombstones: number[];
      cursor: number;
      has_more: boolean;
    };
  };
  /** Pulls every page from `cursor` on. */
  const pullAll = async (cursor: number) => {
    const rows: number[] = [];
    const tombstones: number[] = [];
    for (;;) {
      const page = await pull(cursor);
      rows.push(...page.rows.map((r) => r.tray_id));
      tombstones.push(...page.tombstones.map(Number));
      if (!page.has_more) return { rows, tombstones, cursor: page.cursor };
      cursor = page.cursor;
    }
  };

  it('creates batches with unique names per project', async () => {
    const first = await call(s.digiUser, 'PUT', batches(), { name: 'Box 1', comments: 'top' });
    expect(first.statusCode).toBe(200);
    expect(named(first, 'Box 1')).toMatchObject({
      status: 'in progress',
      comments: 'top',
      total_price: 0,
      trays: 0,
      claimed: false,
    });
    const again = await call(s.digiUser, 'PUT', batches(), { name: 'Box 1' });
    expect(again.statusCode).toBe(400);
    expect(details(again)).toEqual([M.batchNameTaken]);
    expect(details(await call(s.digiUser, 'PUT', batches(), { name: ' ' }))).toEqual([
      M.batchNameEmpty,
    ]);
    // Another project may use the same name.
    const other = await call(s.digiUser, 'PUT', batches(1), { name: 'Box 1' });
    expect(other.statusCode).toBe(200);
  });

  it('updates a batch: name, comments, hours fixed to two decimals', async () => {
    await call(s.digiUser, 'PUT', batches(), { name: 'Box 2' });
    const list = await call(s.digiUser, 'GET', batches());
    const b = named(list, 'Box 2');
    const bad = await call(s.digiUser, 'POST', batches(), {
      batch_id: b.batch_id,
      name: 'Box 1',
      digitizing_hours: 'x',
      warehouse_hours: '-',
    });
    expect(details(bad)).toEqual([M.batchNameTaken, M.digitizingTime, M.warehouseTime]);
    const ok = await call(s.digiUser, 'POST', batches(), {
      batch_id: b.batch_id,
      name: 'Box 2b',
      comments: 'renamed',
      digitizing_hours: '1,255',
      warehouse_hours: 2,
    });
    expect(ok.statusCode).toBe(200);
    expect(named(ok, 'Box 2b')).toMatchObject({
      comments: 'renamed',
      digitizing_hours: 1.26,
      warehouse_hours: 2,
    });
    // A batch of another project is not found through this one.
    const wrong = await call(s.digiUser, 'POST', batches(1), { batch_id: b.batch_id, name: 'Z' });
    expect(wrong.statusCode).toBe(404);
  });

  it('filters batches by status; only a digibrick_manager sets it', async () => {
    const all = (await call(s.manager, 'GET', batches(1))).json().results as BatchRow[];
    const ready = (
      await call(s.manager, 'GET', `${batches(1)}&status=ready%20for%20filling`)
    ).json().results as BatchRow[];
    expect(ready.map((b) => b.name)).toEqual([
      'Attic 1 - bricks',
      'Attic 2 - plates',
      'Attic 3 - technic',
    ]);
    expect(all.length).toBeGreaterThan(ready.length);
    expect(ready[0].total_price).toBeGreaterThan(0);
    const b = named(await call(s.manager, 'GET', batches()), 'Box 1');
    const body = { batch_id: b.batch_id, status: 'completed' };
    expect(
      (await call(s.digiUser, 'POST', `/v1/batches/status?project_id=${s.projectId}`, body))
        .statusCode,
    ).toBe(403);
    const res = await call(s.manager, 'POST', `/v1/batches/status?project_id=${s.projectId}`, body);
    expect(named(res, 'Box 1').status).toBe('completed');
  });

  it("a batch set to 'ready for filling' reaches the floor; leaving it retires its trays", async () => {
    const { batch_id } = named(await call(s.manager, 'GET', batches()), 'Box 2b');
    const item = await firstItem(s.t, s.demo);
    // Trays made while digitizing carry an old version: devices past it would never see them.
    const ids = await insertTrays(s.t, {
      company: s.demo,
      batchId: batch_id,
      item,
      count: 3,
      price: 1500,
      quantity: (nr) => nr,
    });
    const before = await pullAll(0);
    expect(before.rows.some((id) => ids.includes(id))).toBe(false);

    const status = (to: string) =>
      call(s.manager, 'POST', `/v1/batches/status?project_id=${s.projectId}`, {
        batch_id,
        status: to,
      });
    const res = await status('ready for filling');
    expect(named(res, 'Box 2b')).toMatchObject({ total_price: 9, trays: 3 });
    const after = await pullAll(before.cursor);
    expect(after.rows.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);

    await status('in progress');
    const gone = await pullAll(after.cursor);
    expect(gone.tombstones.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);
  });

  it('shows the claimant to a digibrick_manager only, who may declaim', async () => {
    const claimed = 4; // the demo batch the digibrick user is editing
    const asUser = (await call(s.digiUser, 'GET', batches(1))).json().results as BatchRow[];
    expect(asUser.find((b) => b.batch_id === claimed)).toMatchObject({
      claimed: true,
      write_permission_user_id: null,
      claimant_name: null,
    });
    const asManager = (await call(s.manager, 'GET', batches(1))).json().results as BatchRow[];
    const row = asManager.find((b) => b.batch_id === claimed)!;
    expect(row.write_permission_user_id).not.toBeNull();
    expect(row.claimant_name).toBeTruthy();
    const url = `/v1/batch/declaim?project_id=1&batch_id=${claimed}`;
    expect((await call(s.digiUser, 'POST', url, {})).statusCode).toBe(403);
    const res = await call(s.manager, 'POST', url, {});
    expect(res.statusCode).toBe(200);
    const after = (res.json().results as BatchRow[]).find((b) => b.batch_id === claimed)!;
    expect(after).toMatchObject({ claimed: false, write_permission_user_id: null });
    const again = await call(s.manager, 'POST', url, {});
    expect(again.statusCode).toBe(409);
    expect(details(again)).toEqual([M.notClaimed]);
  });
});
