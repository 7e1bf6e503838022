import { beforeAll, expect, it } from 'vitest';
import { reservePushVersions } from '../../sync/push-versions';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { describePostgres } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { batchStatus, makeBatch } from '../../test/warehouse-fixture';
import type { WriteCtx } from '../../write/context';
import { fillTray } from './fill';

/**
 * The last two trays of a batch filled at the same moment (two fillers' pushes in two
 * transactions side by side on PostgreSQL, as two servers run them): the batch must end 'filled'.
 * Each fill counts the trays left after it; counted before the other fill committed, both would
 * see one tray left and the batch would stay open for good. A fill therefore writes its batch row first: the second fill waits there for
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

  /** Until a transaction of this database waits for a lock (the second fill, at the batch row). */
  async function waitForALockWait() {
    for (const until = Date.now() + 5000; Date.now() < until;) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting
        from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(s.t.app.db);
      if (rows[0].waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

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
    await waitForALockWait();
    await first.commit().execute();
    expect((await two).batch_status).toBe('filled');
    await second.commit().execute();
    expect(await batchStatus(s.t.app.db, batchId)).toBe('filled');
  });
});
