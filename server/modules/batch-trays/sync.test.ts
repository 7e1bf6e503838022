import { afterAll, beforeAll, expect, it } from 'vitest';
import { BatchTraysMessages as M, BatchTraysMutation } from '../../../contract/batch-trays';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { trayOf } from '../../test/digitizing';
import { bearerFor } from '../../test/locations-support';
import { syncDevice } from '../../test/sync-device';

describeEachDialect('batch trays outbox mutation', (dialect) => {
  let t: TestApp;
  let manager: string;
  let digiUser: string;
  const device = syncDevice(() => t);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await bearerFor(t.app, 'Demo Bricks', ['digibrick_manager']);
    digiUser = await bearerFor(t.app, 'Demo Bricks', ['digibrick_user']);
  });
  afterAll(() => t.close());

  const push = async (auth: string, args: unknown) =>
    (await device.push(auth, [device.entry(BatchTraysMutation.save, args)]))[0];
  const edit = async (batchId: number, quantity: number) => {
    const r = await trayOf(t, batchId, 1);
    return {
      tray_id: r.id,
      item_id: r.item_id,
      mold_id: r.mold_id,
      colour_id: r.colour_id,
      condition: r.condition,
      quantity,
      price: 1.5,
      status: r.status,
      comments: 'offline',
    };
  };

  it('claims, saves the edits and gives the claim up again', async () => {
    const result = await push(manager, {
      project_id: 1,
      batch_id: 2,
      trays: [await edit(2, 17)],
    });
    expect(result.status).toBe('applied');
    expect(await trayOf(t, 2, 1)).toMatchObject({ quantity: 17, price: 1500, comments: 'offline' });
    const batch = await t.app.db
      .selectFrom('batches')
      .select('write_permission_user_id')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(batch.write_permission_user_id).toBeNull();
  });

  it('is refused with the claim message while someone else holds the batch', async () => {
    // The demo batch 4 is claimed by the demo digibrick user.
    const before = await trayOf(t, 4, 1);
    const result = await push(digiUser, { project_id: 1, batch_id: 4, trays: [await edit(4, 99)] });
    expect(result.status).toBe('rejected');
    expect(result.message).toBe(M.claimRefused);
    expect((await trayOf(t, 4, 1)).quantity).toBe(before.quantity);
  });
});
