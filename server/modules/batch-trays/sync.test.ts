import { expect, it } from 'vitest';
import { BatchTraysMessages as M, BatchTraysMutation } from '../../../contract/batch-trays';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';
import { trayOf } from '../../test/digitizing';
import { syncDevice } from '../../test/sync-device';

describeEachDialect('batch trays outbox mutation', (dialect) => {
  const s = appSuite(dialect, {
    manager: ['Demo Bricks', ['digibrick_manager']],
    digiUser: ['Demo Bricks', ['digibrick_user']],
  });
  const device = syncDevice(() => s.t);

  const push = async (auth: string, args: unknown) =>
    (await device.push(auth, [device.entry(BatchTraysMutation.save, args)]))[0];
  const edit = async (batchId: number, quantity: number) => {
    const r = await trayOf(s.t, batchId, 1);
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
    const result = await push(s.manager, {
      project_id: 1,
      batch_id: 2,
      trays: [await edit(2, 17)],
    });
    expect(result.status).toBe('applied');
    expect(await trayOf(s.t, 2, 1)).toMatchObject({
      quantity: 17,
      price: 1500,
      comments: 'offline',
    });
    const batch = await s.t.app.db
      .selectFrom('batches')
      .select('write_permission_user_id')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(batch.write_permission_user_id).toBeNull();
  });

  it('is refused with the claim message while someone else holds the batch', async () => {
    // The demo batch 4 is claimed by the demo digibrick user.
    const before = await trayOf(s.t, 4, 1);
    const result = await push(s.digiUser, {
      project_id: 1,
      batch_id: 4,
      trays: [await edit(4, 99)],
    });
    expect(result.status).toBe('rejected');
    expect(result.message).toBe(M.claimRefused);
    expect((await trayOf(s.t, 4, 1)).quantity).toBe(before.quantity);
  });
});
