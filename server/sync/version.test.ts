import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { currentVersion, nextVersion, recordTombstone } from './version';

describeEachDialect('sync versions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false });
  });
  afterAll(() => t.close());

  it('starts at 1 for a company without a counter and counts up', async () => {
    expect(await currentVersion(t.app.db, 41)).toBe(0);
    expect(await nextVersion(t.app.db, 41)).toBe(1);
    expect(await nextVersion(t.app.db, 41)).toBe(2);
    expect(await nextVersion(t.app.db, 42)).toBe(1);
    expect(await currentVersion(t.app.db, 41)).toBe(2);
  });

  it('never hands out one version twice under concurrent transactions', async () => {
    const taken = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.db.transaction().execute((trx) => nextVersion(trx, 43)),
      ),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('hands out versions in commit order: a second writer waits for the first to end', async () => {
    const first = await t.app.db.startTransaction().execute();
    const v = await nextVersion(first, 44);
    let secondVersion: number | undefined;
    const second = t.app.db.transaction().execute(async (trx) => {
      secondVersion = await nextVersion(trx, 44);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(secondVersion).toBeUndefined();
    await first.commit().execute();
    await second;
    expect(secondVersion).toBe(v + 1);
  });

  it('records tombstones with their own or the given version', async () => {
    const own = await recordTombstone(t.app.db, 45, 'things', 7);
    const given = await recordTombstone(t.app.db, 45, 'things', 'abc', 99);
    expect(given).toBe(99);
    const rows = await t.app.db
      .selectFrom('sync_tombstones')
      .selectAll()
      .where('company_id', '=', 45)
      .orderBy('version')
      .execute();
    expect(rows).toEqual([
      {
        company_id: 45,
        collection: 'things',
        row_key: '7',
        version: own,
        created_at: expect.any(String),
      },
      {
        company_id: 45,
        collection: 'things',
        row_key: 'abc',
        version: 99,
        created_at: expect.any(String),
      },
    ]);
    // The time it was written, for housekeeping.
    expect(Date.now() - Date.parse(rows[0].created_at!)).toBeLessThan(60_000);
  });
});
