import { afterAll, beforeAll, expect, it } from 'vitest';
import { BatchMessages as B, COPY_TRAYS_MAX } from '../../../contract/batches';
import type { BatchRow } from '../../../contract/projects';
import {
  caller,
  createProject,
  details,
  firstItem,
  insertTrays,
  startDigitizing,
  type TrayItem,
} from '../../test/digitizing';
import { describeEachDialect, type TestApp } from '../../test/helpers';

/**
 * Duplicating batches is bounded per request, so one company's copy never holds up another
 * company's writes for long (on SQLite every write waits for the one before it).
 */
describeEachDialect('duplicating batches: bounded work', (dialect) => {
  let t: TestApp;
  let demo: number;
  let manager: string;
  let stranger: string;
  let item: TrayItem;
  let projectId: number;
  let bigId: number;
  const BIG = COPY_TRAYS_MAX / 2;

  beforeAll(async () => {
    ({ t, demo, manager, stranger } = await startDigitizing(dialect));
    item = await firstItem(t, demo);
    projectId = await createProject(call, manager, 'Big copies');
    const made = await call(manager, 'PUT', `/v1/batches?project_id=${projectId}`, { name: 'Big' });
    bigId = (made.json().results as BatchRow[]).find((b) => b.name === 'Big')!.batch_id;
    for (let done = 0; done < BIG; done += 1_000) {
      const ids = await insertTrays(t, {
        company: demo,
        batchId: bigId,
        item,
        count: 1_000,
        price: 5,
      });
      await t.app.db
        .updateTable('trays')
        .set((eb) => ({ tray_nr: eb('tray_nr', '+', done + 100_000) }))
        .where('id', 'in', ids)
        .execute();
    }
  }, 120_000);
  afterAll(() => t.close());

  const call = caller(() => t);
  const duplicate = (names: string[]) =>
    call(
      manager,
      'PUT',
      `/v1/batches/duplicate?project_id=${projectId}`,
      names.map((child_name) => ({ parent_id: bigId, child_name })),
    );
  const batchNames = async () =>
    (
      (await call(manager, 'GET', `/v1/batches?project_id=${projectId}`)).json()
        .results as BatchRow[]
    ).map((b) => b.name);

  it('refuses more trays than a request copies, with every other problem, and copies none', async () => {
    const started = performance.now();
    const refused = await duplicate(['Big 1', 'Big 2', 'Big']);
    const took = performance.now() - started;
    expect(refused.statusCode).toBe(400);
    expect(details(refused)).toEqual([B.copyNameTaken('Big'), B.copyTooLarge(3 * BIG)]);
    expect(B.copyTooLarge(3 * BIG)).toBe(
      'These copies would hold 30,000 trays; at most 20,000 trays are copied at once. Copy fewer batches, or fewer copies, at a time',
    );
    expect(await batchNames()).toEqual(['Big']);
    expect(took).toBeLessThan(2_000);
  });

  it("the largest copy allowed keeps another company's write waiting well under two seconds", async () => {
    const copyStarted = performance.now();
    const copy = duplicate(['Copy A', 'Copy B']).then((res) => ({
      res,
      ms: performance.now() - copyStarted,
    }));
    // Another company's manager keeps saving while the copy runs; each save's wait is measured.
    let finished = false;
    void copy.then(() => (finished = true));
    const waits: number[] = [];
    for (let n = 0; !finished; n++) {
      const otherStarted = performance.now();
      const other = await call(stranger, 'PUT', '/v1/projects', {
        name: `Other company ${n}`,
        condition: 'NEW',
        content: 'c',
        purpose: 'p',
      });
      expect(other.statusCode, other.body).toBe(200);
      waits.push(performance.now() - otherStarted);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const otherWaited = Math.max(...waits);
    const done = await copy;
    expect(done.res.statusCode, done.res.body).toBe(200);
    const copies = (done.res.json().results as BatchRow[]).filter((b) => b.name.startsWith('Copy'));
    expect(copies.map((b) => b.trays)).toEqual([BIG, BIG]);
    console.info(
      `[${dialect}] duplicate of ${COPY_TRAYS_MAX} trays: ${Math.round(done.ms)} ms; ` +
        `${waits.length} writes of another company meanwhile, the longest waited ${Math.round(otherWaited)} ms`,
    );
    expect(waits.length).toBeGreaterThan(0);
    expect(otherWaited).toBeLessThan(2_000);
  });
});
