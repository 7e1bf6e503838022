import { beforeAll, expect, it } from 'vitest';
import { reservePushVersions } from '../../sync/push-versions';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { describePostgres } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { batchStatus, makeBatch } from '../../test/warehouse-fixture';
import type { WriteCtx } from '../../write/context';
import { fillTray } from './fill';

/**
 * The last two trays of a batch filled at the same moment (two fillers' pushes in two
 * transactions side by side on PostgreSQL, as two servers run them): the batch must end 'filled'. Each fill counts the trays left after it;
 * counted before the other fill committed, both would see one tray left and the batch would stay
 * open for good. A fill therefore writes its batch row first: the second fill waits there for
 * the first to end, and then counts what the first one left. SQLite runs one writer at a time.
 */
describePostgres('the last two trays of a batch filled at once', () => {
  const s = floorSuite('postgres');
  let filler: number;

  beforeAll(async () => {
    filler = (await s.f.as('picker')).userId;
  });

  /** A push's context: its versions are taken without waiting for other pushes. */
  const ctxIn = (trx: Transaction<Database>): WriteCtx => ({
    companyId: s.f.companyId,
    userId: filler,
    version: () => reservePushVersions(s.t.app.db, trx, s.f.companyId, 1),
  });

  it('leave the batch filled', async () => {
    const { batchId, trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
      trays: [
        [s.f.items.d, 2],
        [s.f.items.d, 3],
      ],
    });
    const first = await s.t.app.db.startTransaction().execute();
    const second = await s.t.app.db.startTransaction().execute();
    const one = await fillTray(first, ctxIn(first), {
      tray_id: trayIds[0],
      location_id: s.f.bins.a1b1,
    });
    expect(one.batch_status).toBe('ready for filling');
    // The second fill (another location: no stock row in common) runs while the first is open.
    const two = fillTray(second, ctxIn(second), {
      tray_id: trayIds[1],
      location_id: s.f.bins.a2b1,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.commit().execute();
    expect((await two).batch_status).toBe('filled');
    await second.commit().execute();
    expect(await batchStatus(s.t.app.db, batchId)).toBe('filled');
  });
});
