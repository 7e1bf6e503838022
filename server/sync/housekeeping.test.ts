import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { pruneSyncHistory } from './housekeeping';
import { recordTombstones } from './version';
import { notesSuite, noteTexts } from '../test/sync-notes';
import { companyId } from '../test/locations-support';

const HOUR = 3600;
const longAgo = new Date(Date.now() - 10 * HOUR * 1000).toISOString();

describeEachDialect('sync housekeeping', (dialect) => {
  const s = notesSuite(dialect);
  const { device } = s;
  let demoId: number;

  beforeAll(async () => {
    demoId = await companyId(s.t.app, 'Demo Bricks');
  });

  async function push(auth: string, name: string, args: unknown) {
    const entry = device.entry(name, args);
    const [result] = await device.push(auth, [entry]);
    expect(result.status).toBe('applied');
    return entry.id;
  }
  const pull = (cursor: number) =>
    device.pull<{
      rows: { id: number; text: string }[];
      tombstones: number[];
      cursor: number;
      has_more: boolean;
      resync?: boolean;
    }>(s.picker, 'notes', cursor);
  const noteId = async (text: string) => (await pull(0)).rows.find((r) => r.text === text)!.id;

  it('prunes records and tombstones older than the horizon and asks older cursors to resync', async () => {
    await push(s.picker, 'note.add.v1', { text: 'hk old' });
    await push(s.picker, 'note.add.v1', { text: 'hk gone' });
    const before = (await pull(0)).cursor;
    const oldMutation = await push(s.manager, 'note.delete.v1', { id: await noteId('hk gone') });
    // Age everything written so far beyond a one-hour horizon.
    await s.t.app.db.updateTable('applied_mutations').set({ created_at: longAgo }).execute();
    await s.t.app.db.updateTable('sync_tombstones').set({ created_at: longAgo }).execute();
    const recent = await push(s.picker, 'note.add.v1', { text: 'hk recent' });
    const recentDelete = await push(s.manager, 'note.delete.v1', { id: await noteId('hk old') });

    const pruned = await pruneSyncHistory(s.t.app.db, HOUR);
    expect(pruned.tombstones).toBeGreaterThanOrEqual(1);
    const ids = (await s.t.app.db.selectFrom('applied_mutations').select('id').execute()).map(
      (r) => r.id,
    );
    expect(ids).not.toContain(oldMutation);
    expect(ids).toEqual(expect.arrayContaining([recent, recentDelete]));
    const tombstones = await s.t.app.db
      .selectFrom('sync_tombstones')
      .select('version')
      .where('company_id', '=', demoId)
      .execute();
    expect(tombstones).toHaveLength(1); // only the recent delete's
    const counter = await s.t.app.db
      .selectFrom('company_sync_versions')
      .select(['version', 'pruned_version'])
      .where('company_id', '=', demoId)
      .executeTakeFirstOrThrow();
    expect(counter.pruned_version).toBeGreaterThan(before);

    // A device that pulled before the pruned delete may have missed it: it starts over.
    expect(await pull(before)).toEqual({
      collection: 'notes',
      rows: [],
      tombstones: [],
      cursor: 0,
      has_more: true,
      resync: true,
    });
    // A cursor at or past the watermark, and a first sync, are served as usual.
    const served = await pull(counter.pruned_version);
    expect(served.resync).toBeUndefined();
    expect(served.tombstones).toEqual([expect.any(Number)]);
    const fresh = await pull(0);
    expect(fresh.resync).toBeUndefined();
    expect(fresh.rows.map((r) => r.text)).toEqual(expect.arrayContaining(['hk recent']));
    expect(fresh.rows.map((r) => r.text)).not.toContain('hk gone');
    expect(await noteTexts(s.t.app.db, demoId)).not.toContain('hk old');

    // Pruning again finds nothing new and never lowers the watermark.
    expect(await pruneSyncHistory(s.t.app.db, HOUR)).toEqual({ mutations: 0, tombstones: 0 });
  });

  it('asks a device whose cursor is ahead of the server (a restored backup) to resync', async () => {
    const { cursor } = await pull(0);
    const ahead = await pull(cursor + 1000);
    expect(ahead).toMatchObject({ rows: [], tombstones: [], cursor: 0, resync: true });
    expect((await pull(cursor)).resync).toBeUndefined();
  });

  it('keeps the tombstones of many rows deleted at once until the horizon', async () => {
    const { version } = await s.t.app.db
      .selectFrom('company_sync_versions')
      .select('version')
      .where('company_id', '=', demoId)
      .executeTakeFirstOrThrow();
    const keys = Array.from({ length: 1200 }, (_, i) => `hk-many-${i}`);
    await recordTombstones(s.t.app.db, demoId, 'notes', keys, Number(version));
    await pruneSyncHistory(s.t.app.db, HOUR);
    const kept = await s.t.app.db
      .selectFrom('sync_tombstones')
      .select('row_key')
      .where('company_id', '=', demoId)
      .where('row_key', 'like', 'hk-many-%')
      .execute();
    expect(kept).toHaveLength(keys.length);
  });

  it('defaults the horizon to the refresh-token lifetime', () => {
    expect(s.t.config.syncHorizonSeconds).toBe(s.t.config.refreshTokenTtlSeconds);
  });
});
