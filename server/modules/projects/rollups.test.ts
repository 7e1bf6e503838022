import { expect, it } from 'vitest';
import { TRAY_PRICE_MAX, type TrayList } from '../../../contract/batch-trays';
import { STOCK_MAX } from '../../../contract/fields';
import type { BatchRow, ProjectRow } from '../../../contract/projects';
import { createBatch, createProject, insertTrays, digitizingSuite } from '../../test/digitizing';
import { describeEachDialect } from '../../test/helpers';

/**
 * What the Projects overview and the Project screen add up: the worth of trays at the largest
 * price and quantity a tray takes, and the hours of a project's batches.
 */
describeEachDialect('project and batch roll-ups', (dialect) => {
  const s = digitizingSuite(dialect);
  const { call } = s;

  const newBatch = (projectId: number, name: string) =>
    createBatch(call, s.digiUser, projectId, name);
  const project = async (projectId: number) => {
    const res = await call(s.manager, 'GET', '/v1/projects');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().results as ProjectRow[]).find((p) => p.project_id === projectId)!;
  };
  const batches = async (projectId: number) => {
    const res = await call(s.manager, 'GET', `/v1/batches?project_id=${projectId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as BatchRow[];
  };

  it('a tray at the largest price and quantity is summed, not a 500', async () => {
    const projectId = await createProject(call, s.manager, 'Million euro tray');
    const batchId = await newBatch(projectId, 'Gold');
    const [trayId] = await insertTrays(s.t, {
      company: s.demo,
      batchId,
      item: s.item,
      count: 3,
      price: 1000,
    });
    const q = `?project_id=${projectId}&batch_id=${batchId}`;
    expect(
      (await call(s.digiUser, 'POST', `/v1/trays/claim${q}`, { claim: true })).statusCode,
    ).toBe(200);
    const save = await call(s.digiUser, 'POST', `/v1/trays${q}`, {
      trays: [
        {
          tray_id: trayId,
          item_id: s.item.id,
          mold_id: s.item.mold_id,
          colour_id: s.item.colour_id,
          condition: s.item.condition,
          quantity: STOCK_MAX,
          price: TRAY_PRICE_MAX,
          status: 'ready for filling',
          comments: '',
        },
      ],
    });
    expect(save.statusCode, save.body).toBe(200);
    const row = (save.json() as TrayList).results.find((r) => r.tray_id === trayId)!;
    expect(row.total_price).toBe(TRAY_PRICE_MAX * STOCK_MAX);
    const worth = TRAY_PRICE_MAX * STOCK_MAX + 2; // the two other trays hold €1 each
    expect((await project(projectId)).total_price).toBe(worth);
    expect((await batches(projectId)).find((b) => b.batch_id === batchId)!.total_price).toBe(worth);
    // Other users of the company read the overview as before.
    expect((await call(s.digiUser, 'GET', '/v1/projects')).statusCode).toBe(200);
  });

  it('ten thousand trays at the largest values (beyond a 64-bit integer) still add up', async () => {
    const projectId = await createProject(call, s.manager, 'Vault');
    const batchId = await newBatch(projectId, 'Vault 1');
    const trays = 10_000;
    for (let done = 0; done < trays; done += 1_000) {
      const ids = await insertTrays(s.t, {
        company: s.demo,
        batchId,
        item: s.item,
        count: 1_000,
        price: TRAY_PRICE_MAX * 1000,
        quantity: () => STOCK_MAX,
      });
      // insertTrays numbers from 1; renumber this chunk after the ones before it.
      await s.t.app.db
        .updateTable('trays')
        .set((eb) => ({ tray_nr: eb('tray_nr', '+', done + 100_000) }))
        .where('id', 'in', ids)
        .execute();
    }
    // 10,000 × 10^15 thousandths = 10^19, past 2^63 − 1.
    const expected = trays * TRAY_PRICE_MAX * STOCK_MAX;
    expect((await project(projectId)).total_price).toBe(expected);
    const batch = (await batches(projectId)).find((b) => b.batch_id === batchId)!;
    expect(batch).toMatchObject({ total_price: expected, trays });
  });

  it("a project's hours are the sums of its batches' hours", async () => {
    const projectId = await createProject(call, s.manager, 'Hours roll up');
    expect(await project(projectId)).toMatchObject({ digitizing_hours: 0, warehouse_hours: 0 });
    const first = await newBatch(projectId, 'Box A');
    const second = await newBatch(projectId, 'Box B');
    await newBatch(projectId, 'Box C (no hours)');
    const hours = async (
      batch_id: number,
      name: string,
      d: string | number,
      w: number,
      p = projectId,
    ) => {
      const res = await call(s.digiUser, 'POST', `/v1/batches?project_id=${p}`, {
        batch_id,
        name,
        digitizing_hours: d,
        warehouse_hours: w,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await hours(first, 'Box A', '1,255', 2);
    await hours(second, 'Box B', 3.5, 0.25);
    expect(await project(projectId)).toMatchObject({
      digitizing_hours: 4.76,
      warehouse_hours: 2.25,
      total_price: 0,
    });
    // Another project's batches do not count.
    const other = await createProject(call, s.manager, 'Hours elsewhere');
    await hours(await newBatch(other, 'Box Z'), 'Box Z', 100, 100, other);
    expect(await project(projectId)).toMatchObject({ digitizing_hours: 4.76 });
  });
});
