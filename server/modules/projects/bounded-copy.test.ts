import { beforeAll, expect, it } from 'vitest';
import { BatchMessages as B, COPY_TRAYS_MAX, MERGE_TRAYS_MAX } from '../../../contract/batches';
import type { BatchRow } from '../../../contract/projects';
import { createBatch, insertTrays, digitizingSuite } from '../../test/digitizing';
import { describeEachDialect, details } from '../../test/helpers';

/**
 * Duplicating and merging batches are bounded per request, so one company's copy never holds up another
 * company's writes for long (on SQLite every write waits for the one before it).
 */
describeEachDialect('duplicating and merging batches: bounded work', (dialect) => {
  const s = digitizingSuite(dialect, 'Big copies');
  const { call } = s;
  let bigId: number;
  const BIG = COPY_TRAYS_MAX / 2;

  beforeAll(async () => {
    bigId = await createBatch(call, s.manager, s.projectId, 'Big');
    for (let done = 0; done < BIG; done += 1_000) {
      const ids = await insertTrays(s.t, {
        company: s.demo,
        batchId: bigId,
        item: s.item,
        count: 1_000,
        price: 5,
      });
      await s.t.app.db
        .updateTable('trays')
        .set((eb) => ({ tray_nr: eb('tray_nr', '+', done + 100_000) }))
        .where('id', 'in', ids)
        .execute();
    }
  }, 120_000);

  const duplicate = (names: string[]) =>
    call(
      s.manager,
      'PUT',
      `/v1/batches/duplicate?project_id=${s.projectId}`,
      names.map((child_name) => ({ parent_id: bigId, child_name })),
    );
  const batches = async () =>
    (await call(s.manager, 'GET', `/v1/batches?project_id=${s.projectId}`)).json()
      .results as BatchRow[];
  const batchNames = async () => (await batches()).map((b) => b.name);
  const idOf = async (name: string) => (await batches()).find((b) => b.name === name)!.batch_id;

  /**
   * Runs `work` while another company's manager keeps saving; answers the work's answer, how
   * long it took, and the longest wait of the other company's saves.
   */
  async function whileOthersWrite<T>(work: () => Promise<T>) {
    const started = performance.now();
    let finished = false;
    const running = work().then((res) => {
      finished = true;
      return { res, ms: performance.now() - started };
    });
    const waits: number[] = [];
    for (let n = 0; !finished; n++) {
      const otherStarted = performance.now();
      const other = await call(s.stranger, 'PUT', '/v1/projects', {
        name: `Other company ${Math.random()}`,
        condition: 'NEW',
        content: 'c',
        purpose: 'p',
      });
      expect(other.statusCode, other.body).toBe(200);
      waits.push(performance.now() - otherStarted);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const done = await running;
    return { ...done, writes: waits.length, otherWaited: Math.max(0, ...waits) };
  }

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
    // Another company's manager keeps saving while the copy runs; each save's wait is measured.
    const done = await whileOthersWrite(() => duplicate(['Copy A', 'Copy B']));
    expect(done.res.statusCode, done.res.body).toBe(200);
    const copies = (done.res.json().results as BatchRow[]).filter((b) => b.name.startsWith('Copy'));
    expect(copies.map((b) => b.trays)).toEqual([BIG, BIG]);
    console.info(
      `[${dialect}] duplicate of ${COPY_TRAYS_MAX} trays: ${Math.round(done.ms)} ms; ` +
        `${done.writes} writes of another company meanwhile, the longest waited ${Math.round(done.otherWaited)} ms`,
    );
    expect(done.writes).toBeGreaterThan(0);
    expect(done.otherWaited).toBeLessThan(2_000);
  });

  it('refuses a merge moving more trays than a request moves, and moves none', async () => {
    // Big, Copy A and Copy B hold 10,000 trays each; a third copy makes 30,000 to merge.
    expect((await duplicate(['Copy C'])).statusCode).toBe(200);
    const [a, b, c] = await Promise.all(['Copy A', 'Copy B', 'Copy C'].map(idOf));
    const refused = await call(s.manager, 'POST', `/v1/batches/merge?project_id=${s.projectId}`, {
      parent_id: bigId,
      childs: [a, b, c],
    });
    expect(refused.statusCode).toBe(400);
    expect(details(refused)).toEqual([B.mergeTooLarge(3 * BIG)]);
    expect(B.mergeTooLarge(3 * BIG)).toBe(
      'These batches hold 30,000 trays; at most 20,000 trays are moved by one merge. Merge fewer batches at a time',
    );
    expect((await batches()).map((x) => [x.name, x.trays])).toEqual([
      ['Big', BIG],
      ['Copy A', BIG],
      ['Copy B', BIG],
      ['Copy C', BIG],
    ]);
  });

  it("the largest merge allowed keeps another company's write waiting well under two seconds", async () => {
    const [a, b] = await Promise.all(['Copy A', 'Copy B'].map(idOf));
    // Copy A is on the floor and Big is not: its 10,000 trays leave the fillers' devices.
    const floor = await call(s.manager, 'POST', `/v1/batches/status?project_id=${s.projectId}`, {
      batch_id: a,
      status: 'ready for filling',
    });
    expect(floor.statusCode, floor.body).toBe(200);
    const tombstonesBefore = await tombstones();
    const done = await whileOthersWrite(() =>
      call(s.manager, 'POST', `/v1/batches/merge?project_id=${s.projectId}`, {
        parent_id: bigId,
        childs: [a, b],
      }),
    );
    expect(done.res.statusCode, done.res.body).toBe(200);
    expect((await batches()).map((x) => [x.name, x.trays])).toEqual([
      ['Big', BIG + MERGE_TRAYS_MAX],
      ['Copy C', BIG],
    ]);
    expect((await tombstones()) - tombstonesBefore).toBe(BIG);
    console.info(
      `[${dialect}] merge of ${MERGE_TRAYS_MAX} trays: ${Math.round(done.ms)} ms; ` +
        `${done.writes} writes of another company meanwhile, the longest waited ${Math.round(done.otherWaited)} ms`,
    );
    expect(done.writes).toBeGreaterThan(0);
    expect(done.otherWaited).toBeLessThan(2_000);
  });

  const tombstones = async () =>
    Number(
      (
        await s.t.app.db
          .selectFrom('sync_tombstones')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', s.demo)
          .where('collection', '=', 'trays')
          .executeTakeFirstOrThrow()
      ).n,
    );
});
