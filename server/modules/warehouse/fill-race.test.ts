import { afterAll, beforeAll, expect, it } from 'vitest';
import { reservePushVersions } from '../../sync/push-versions';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { createTestApp, describePostgres, type TestApp } from '../../test/helpers';
import { makeFloor, type Floor } from '../../test/orders-fixture';
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
  let t: TestApp;
  let f: Floor;
  let filler: number;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    f = await makeFloor(t.app.db, t.config.jwtSecret);
    filler = (await f.as('picker')).userId;
  });
  afterAll(() => t.close());

  /** A push's context: its versions are taken without waiting for other pushes. */
  const ctxIn = (trx: Transaction<Database>): WriteCtx => ({
    companyId: f.companyId,
    userId: filler,
    version: () => reservePushVersions(t.app.db, trx, f.companyId, 1),
  });

  /** Until a transaction of this database waits for a lock (the second fill, at the batch row). */
  async function waitForALockWait() {
    for (const until = Date.now() + 5000; Date.now() < until;) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting
        from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.db);
      if (rows[0].waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('leave the batch filled', async () => {
    const { batchId, trayIds } = await makeBatch(t.app.db, f.companyId, {
      trays: [
        [f.items.d, 2],
        [f.items.d, 3],
      ],
    });
    const first = await t.app.db.startTransaction().execute();
    const second = await t.app.db.startTransaction().execute();
    const one = await fillTray(first, ctxIn(first), {
      tray_id: trayIds[0],
      location_id: f.bins.a1b1,
    });
    expect(one.batch_status).toBe('ready for filling');
    // The second fill (another location: no stock row in common) runs while the first is open.
    const two = fillTray(second, ctxIn(second), { tray_id: trayIds[1], location_id: f.bins.a2b1 });
    await waitForALockWait();
    await first.commit().execute();
    expect((await two).batch_status).toBe('filled');
    await second.commit().execute();
    expect(await batchStatus(t.app.db, batchId)).toBe('filled');
  });
});
