import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import {
  BatchTraysMessages as M,
  BatchTraysMutation,
  type ClaimState,
  type TrayList,
} from '../../../contract/batch-trays';
import { managerBatch, trayEdit, digitizingSuite } from '../../test/digitizing';
import { describeEachDialect, details } from '../../test/helpers';
import { syncDevice } from '../../test/sync-device';

/**
 * The write claim is a lease: renewed while the editor is in use, lapsing when it is not; a lapsed
 * claim is taken over without touching the saved trays. Time passing is simulated by moving the
 * lease's end into the past.
 */
describeEachDialect('batch trays claim lease and trays.save', (dialect) => {
  const s = digitizingSuite(dialect, 'Lease test');
  const { call } = s;
  let batchId = 0;
  let n = 0;
  const device = syncDevice(() => s.t);

  beforeEach(async () => {
    const name = `Box ${++n}`;
    batchId = await managerBatch(s, name, 3);
  });

  const q = () => `?project_id=${s.projectId}&batch_id=${batchId}`;
  const list = async (auth: string) =>
    (await call(auth, 'GET', `/v1/trays${q()}`)).json() as TrayList;
  const claim = (auth: string, on = true) =>
    call(auth, 'POST', `/v1/trays/claim${q()}`, { claim: on });
  const renew = async (auth: string) => {
    const res = await call(auth, 'POST', `/v1/trays/claim/renew${q()}`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ClaimState;
  };
  /** The lease ran out (as if its minutes had passed with no renewal). */
  const lapse = () =>
    s.t.app.db
      .updateTable('batches')
      .set({ write_permission_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', batchId)
      .execute();
  const push = async (auth: string, id: string, args: unknown) =>
    (await device.push(auth, [device.entry(BatchTraysMutation.save, args, id)]))[0];

  it("tells who holds the claim and since when; renewing keeps 'since' and moves the end on", async () => {
    const taken = (await claim(s.digiUser)).json() as TrayList;
    expect(taken).toMatchObject({
      claimed: true,
      claimed_by_me: true,
      claim_holder: 'digibrick_user',
    });
    expect(taken.claim_lease_seconds).toBe(300);
    expect(Date.parse(taken.claim_until!) - Date.parse(taken.claim_since!)).toBeGreaterThan(
      290_000,
    );
    const seen = await list(s.manager);
    expect(seen).toMatchObject({
      claimed: true,
      claimed_by_me: false,
      claim_holder: 'digibrick_user',
      claim_since: taken.claim_since,
    });
    await lapse();
    const renewed = await renew(s.digiUser);
    expect(renewed).toMatchObject({ claimed_by_me: true, claim_since: taken.claim_since });
    expect(Date.parse(renewed.claim_until!)).toBeGreaterThan(Date.now() + 200_000);
    // Only the holder renews: for anyone else renewing takes nothing.
    expect(await renew(s.manager)).toMatchObject({ claimed: true, claimed_by_me: false });
  });

  it('a lapsed claim holds nobody back; taking it over keeps the saved work of the other', async () => {
    await claim(s.digiUser);
    const [first] = (await list(s.digiUser)).results;
    const saved = await call(s.digiUser, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(first, { quantity: 42, comments: 'saved by the user' })],
    });
    expect(saved.statusCode).toBe(200);
    // While the lease is live the manager is refused.
    expect((await claim(s.manager)).statusCode).toBe(409);
    await lapse();
    expect(await list(s.manager)).toMatchObject({ claimed: false, claim_holder: null });
    const took = await claim(s.manager);
    expect(took.statusCode).toBe(200);
    expect(took.json()).toMatchObject({ claimed_by_me: true, claim_holder: 'digibrick_manager' });
    const after = (await list(s.manager)).results[0];
    expect(after).toMatchObject({ quantity: 42, comments: 'saved by the user' });
    // The user's claim is gone: a save is refused, a renewal says so.
    const late = await call(s.digiUser, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(after, { quantity: 1 })],
    });
    expect(late.statusCode).toBe(409);
    expect(details(late)).toEqual([M.claimRefused]);
    expect(await renew(s.digiUser)).toMatchObject({ claimed: true, claimed_by_me: false });
  });

  it('the holder whose lease lapsed while nobody took it goes on; a change renews the lease', async () => {
    await claim(s.digiUser);
    await lapse();
    const [first] = (await list(s.digiUser)).results;
    const res = await call(s.digiUser, 'POST', `/v1/trays${q()}`, {
      trays: [trayEdit(first, { quantity: 5 })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ claimed: true, claimed_by_me: true });
  });

  it('trays.save lands exactly once, however often it is sent', async () => {
    const [first] = (await list(s.manager)).results;
    const id = randomUUID();
    const args = {
      project_id: s.projectId,
      batch_id: batchId,
      trays: [trayEdit(first, { quantity: 77 })],
    };
    const answers = await Promise.all([push(s.manager, id, args), push(s.manager, id, args)]);
    expect(answers.map((a) => a.status)).toEqual(['applied', 'applied']);
    const once = (await list(s.manager)).results[0];
    expect(once.quantity).toBe(77);
    // A save landing again would write the tray again (a new version).
    expect((await push(s.manager, id, args)).status).toBe('applied');
    expect((await list(s.manager)).results[0].version).toBe(once.version);
    const records = await s.t.app.db
      .selectFrom('applied_mutations')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(records).toHaveLength(1);
    // The claim it took only for itself is given up.
    expect(await list(s.manager)).toMatchObject({ claimed: false });
  });

  it('trays.save is refused while another holds a live lease, and taken over once it lapsed', async () => {
    await claim(s.digiUser);
    const [first] = (await list(s.manager)).results;
    const args = {
      project_id: s.projectId,
      batch_id: batchId,
      trays: [trayEdit(first, { quantity: 8 })],
    };
    const refused = await push(s.manager, randomUUID(), args);
    expect(refused).toMatchObject({ status: 'rejected', message: M.claimRefused });
    expect((await list(s.manager)).results[0].quantity).toBe(first.quantity);
    await lapse();
    expect((await push(s.manager, randomUUID(), args)).status).toBe('applied');
    expect((await list(s.manager)).results[0].quantity).toBe(8);
  });

  it('a stale accept is still refused', async () => {
    const [first] = (await list(s.manager)).results;
    await claim(s.manager);
    await call(s.manager, 'POST', `/v1/trays${q()}`, { trays: [trayEdit(first, { quantity: 9 })] });
    const res = await call(s.manager, 'POST', `/v1/trays/accept${q()}`, {
      trays: [{ tray_id: first.tray_id, accepted: 1, version: first.version }],
    });
    expect(res.statusCode).toBe(409);
    expect(details(res)).toEqual([M.acceptStale([first.tray_nr])]);
  });

  it('a manager declaims; the lease lapsed answers the batch unclaimed in the batches list', async () => {
    await claim(s.digiUser);
    const rows = async () =>
      (await call(s.manager, 'GET', `/v1/batches?project_id=${s.projectId}`)).json().results as {
        batch_id: number;
        claimed: boolean;
      }[];
    expect((await rows()).find((b) => b.batch_id === batchId)!.claimed).toBe(true);
    await lapse();
    expect((await rows()).find((b) => b.batch_id === batchId)!.claimed).toBe(false);
  });
});
