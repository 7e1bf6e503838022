import { beforeAll, expect, it } from 'vitest';
import {
  BatchTraysMessages as M,
  type TrayList,
  type TrayRow,
} from '../../../contract/batch-trays';
import { managerBatch, trayEdit, digitizingSuite } from '../../test/digitizing';
import { describeEachDialect, details } from '../../test/helpers';

/** Accepted means this version of the tray: a change clears it, a stale accept is refused. */
describeEachDialect('accepted trays', (dialect) => {
  const s = digitizingSuite(dialect, 'Accepted test');
  const { call } = s;
  let batchId: number;

  beforeAll(async () => {
    batchId = await managerBatch(s, 'Box', 12);
  });

  const q = () => `?project_id=${s.projectId}&batch_id=${batchId}`;
  const trays = async () =>
    ((await call(s.manager, 'GET', `/v1/trays${q()}`)).json() as TrayList).results;
  const tray = async (nr: number) => (await trays()).find((r) => r.tray_nr === nr)!;
  const accept = (rows: TrayRow[], accepted = 1, as = s.manager) =>
    call(as, 'POST', `/v1/trays/accept${q()}`, {
      trays: rows.map((r) => ({ tray_id: r.tray_id, accepted, version: r.version })),
    });
  const save = (body: object[], as = s.manager) =>
    call(as, 'POST', `/v1/trays${q()}`, { trays: body });
  const claim = (on: boolean, as = s.manager) =>
    call(as, 'POST', `/v1/trays/claim${q()}`, { claim: on });

  it('a change of quantity or price clears Accepted; a save that changes nothing keeps it', async () => {
    const [one, two, three] = await trays();
    const ok = await accept([one, two, three]);
    expect(ok.statusCode, ok.body).toBe(200);
    const accepted = (ok.json() as TrayList).results.slice(0, 3);
    expect(accepted.map((r) => r.accepted)).toEqual([1, 1, 1]);
    expect((await claim(true)).statusCode).toBe(200);
    const saved = await save([
      trayEdit(accepted[0], { quantity: 777 }),
      trayEdit(accepted[1], { price: 999 }),
      trayEdit(accepted[2], {}),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (saved.json() as TrayList).results.slice(0, 3);
    expect(after.map((r) => [r.quantity, r.price, r.accepted])).toEqual([
      [777, 1, 0],
      [1, 999, 0],
      [1, 1, 1],
    ]);
    // Update prices: the tray takes its variant's price (€2.50 here), so it is no longer Accepted.
    await s.t.app.db
      .updateTable('items')
      .set({ price: 2500 })
      .where('id', '=', s.item.id)
      .execute();
    const priced = await call(s.manager, 'POST', `/v1/trays/updateprices${q()}`, {
      items: [after[2].tray_id],
    });
    expect((priced.json() as TrayList).results[2]).toMatchObject({ price: 2.5, accepted: 0 });
    await claim(false);
  });

  it('an accept of a version that is no longer the tray’s is refused, and nothing changes', async () => {
    const seen = (await trays()).filter((r) => r.tray_nr === 4 || r.tray_nr === 5);
    await claim(true, s.digiUser);
    expect((await save([trayEdit(seen[1], { quantity: 5 })], s.digiUser)).statusCode).toBe(200);
    await claim(false, s.digiUser);
    const refused = await accept(seen);
    expect(refused.statusCode).toBe(409);
    expect(details(refused)).toEqual([M.acceptStale([5])]);
    expect((await tray(4)).accepted).toBe(0); // all or nothing: tray 4 was current but not accepted
    expect((await tray(5)).accepted).toBe(0);
    // The new version is accepted; clearing names its version too.
    const fresh = await accept([await tray(4), await tray(5)]);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const cleared = await accept([await tray(5)], 0);
    expect((cleared.json() as TrayList).results[4].accepted).toBe(0);
    const noVersion = await call(s.manager, 'POST', `/v1/trays/accept${q()}`, {
      trays: [{ tray_id: seen[0].tray_id, accepted: 1 }],
    });
    expect(noVersion.statusCode).toBe(400);
  });

  it('an accept racing an edit never leaves the edited tray Accepted (10 rounds)', async () => {
    let acceptsWon = 0;
    for (let round = 0; round < 10; round++) {
      const before = await tray(6 + (round % 6));
      await claim(true);
      const quantity = 100 + round;
      const [saved, accepted] = await Promise.all([
        save([trayEdit(before, { quantity })]),
        accept([before]),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect([200, 409]).toContain(accepted.statusCode);
      if (accepted.statusCode === 200) acceptsWon++;
      else expect(details(accepted)).toEqual([M.acceptStale([before.tray_nr])]);
      const after = await tray(before.tray_nr);
      expect(after).toMatchObject({ quantity, accepted: 0 });
      await claim(false);
    }
    // Whichever ran first, the edited version is never the accepted one (accepts that ran first
    // were cleared by the edit).
    console.info(`[${dialect}] accepts that ran before the edit: ${acceptsWon} of 10`);
  });
});
