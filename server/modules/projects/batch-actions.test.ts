import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { BatchMessages as B, type BackupRow } from '../../../contract/batches';
import type { BatchRow } from '../../../contract/projects';
import { batchActionsSuite, batchList } from '../../test/digitizing';
import { describeEachDialect, details, userIdOf } from '../../test/helpers';

describeEachDialect('merging, duplicating and backing up batches', (dialect) => {
  const { s, batchWithTrays, trays } = batchActionsSuite(dialect);
  const { call } = s;

  const q = '?project_id=';
  const byName = async (name: string) => (await batchList(s)).find((b) => b.name === name);
  const content = async (batchId: number) =>
    (await trays(batchId)).map(({ id: _id, ...rest }) => ({
      ...rest,
      price: Number(rest.price),
      accepted: Number(rest.accepted),
    }));

  /** Makes the database refuse a step of a write (a fault in the middle of it). */
  async function failWhen(table: 'batches' | 'trays', event: string, condition: string) {
    const name = `fail_${table}_${event.replace(' ', '_')}`;
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger ${name} before ${event} on ${table} when ${condition} begin select raise(abort, 'fault'); end`,
        )
        .execute(s.t.app.db);
    } else {
      await sql
        .raw(
          `create or replace function ${name}() returns trigger as $$ begin raise exception 'fault'; end $$ language plpgsql`,
        )
        .execute(s.t.app.db);
      await sql
        .raw(
          `create trigger ${name} before ${event} on ${table} for each row when (${condition}) execute function ${name}()`,
        )
        .execute(s.t.app.db);
    }
  }

  it('merges batches: trays numbered after the parent, sources removed, worth summed', async () => {
    const a = await batchWithTrays('Merge A', 2);
    const b = await batchWithTrays('Merge B', 3);
    const c = await batchWithTrays('Merge C', 1);
    const url = `/v1/batches/merge${q}${s.projectId}`;
    const res = await call(s.digiUser, 'POST', url, { parent_id: a, childs: [b, c] });
    expect(res.statusCode).toBe(200);
    const names = (res.json().results as BatchRow[]).map((r) => r.name);
    expect(names).toContain('Merge A');
    expect(names).not.toContain('Merge B');
    expect(names).not.toContain('Merge C');
    expect((res.json().results as BatchRow[]).find((r) => r.batch_id === a)).toMatchObject({
      trays: 6,
      total_price: 2 * (1 + 2 + 1 + 2 + 3 + 1),
    });
    expect((await trays(a)).map((r) => [r.tray_nr, r.comments])).toEqual([
      [1, 'Merge A #1'],
      [2, 'Merge A #2'],
      [3, 'Merge B #1'],
      [4, 'Merge B #2'],
      [5, 'Merge B #3'],
      [6, 'Merge C #1'],
    ]);
  });

  it('refuses a merge of nothing, into itself, of unknown batches, and by other roles', async () => {
    const a = await batchWithTrays('Refuse A', 1);
    const url = `/v1/batches/merge${q}${s.projectId}`;
    const none = await call(s.manager, 'POST', url, { parent_id: a, childs: [] });
    expect([none.statusCode, details(none)]).toEqual([400, [B.mergeNothing]]);
    const self = await call(s.manager, 'POST', url, { parent_id: a, childs: [a] });
    expect([self.statusCode, details(self)]).toEqual([400, [B.mergeItself]]);
    // A batch of another project (the demo project 1) is not found through this one.
    expect((await call(s.manager, 'POST', url, { parent_id: a, childs: [1] })).statusCode).toBe(
      404,
    );
    expect((await call(s.filler, 'POST', url, { parent_id: a, childs: [1] })).statusCode).toBe(403);
    const strangerRes = await call(s.stranger, 'POST', url, { parent_id: a, childs: [1] });
    expect(strangerRes.statusCode).toBe(404);
    expect(await content(a)).toHaveLength(1);
  });

  it('a merge that fails midway leaves every batch and tray as it was', async () => {
    const a = await batchWithTrays('Atomic A', 2);
    const b = await batchWithTrays('Atomic B', 2);
    const x = await batchWithTrays('Explode', 2);
    const before = [await content(a), await content(b), await content(x)];
    await failWhen('batches', 'delete', "old.name = 'Explode'");
    const url = `/v1/batches/merge${q}${s.projectId}`;
    const res = await call(s.manager, 'POST', url, { parent_id: a, childs: [b, x] });
    expect(res.statusCode).toBe(500);
    expect([await content(a), await content(b), await content(x)]).toEqual(before);
    expect(await byName('Atomic B')).toBeTruthy();
  });

  it('a batch claimed by someone else is not merged', async () => {
    const a = await batchWithTrays('Claimed A', 1);
    const b = await batchWithTrays('Claimed B', 1);
    const other = await userIdOf(s.t.app, 'picker@demo.test');
    await s.t.app.db
      .updateTable('batches')
      .set({
        write_permission_user_id: other,
        write_permission_until: new Date(Date.now() + 600_000).toISOString(),
      })
      .where('id', '=', b)
      .execute();
    const res = await call(s.manager, 'POST', `/v1/batches/merge${q}${s.projectId}`, {
      parent_id: a,
      childs: [b],
    });
    expect([res.statusCode, details(res)]).toEqual([409, [B.claimedByOther('Claimed B')]]);
  });

  it('duplicates batches with their trays; names checked with every message at once', async () => {
    const a = await batchWithTrays('Dup A', 3);
    const b = await batchWithTrays('Dup B', 1);
    const url = `/v1/batches/duplicate${q}${s.projectId}`;
    const bad = await call(s.digiUser, 'PUT', url, [
      { parent_id: a, child_name: '' },
      { parent_id: a, child_name: 'Dup B' },
      { parent_id: b, child_name: 'Twin' },
      { parent_id: a, child_name: 'Twin' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([
      'Give a new name for the copy of batch Dup A',
      'Batch Dup B already exists',
      'Batch Twin is defined more than once',
    ]);
    expect(await byName('Twin')).toBeUndefined();
    const ok = await call(s.digiUser, 'PUT', url, [
      { parent_id: a, child_name: 'Dup A copy' },
      { parent_id: b, child_name: 'Dup B copy' },
    ]);
    expect(ok.statusCode).toBe(200);
    const copy = (ok.json().results as BatchRow[]).find((r) => r.name === 'Dup A copy')!;
    expect(copy).toMatchObject({ status: 'in progress', claimed: false, trays: 3 });
    expect(await content(copy.batch_id)).toEqual(await content(a));
    const ids = new Set((await trays(a)).map((r) => r.id));
    expect((await trays(copy.batch_id)).some((r) => ids.has(r.id))).toBe(false);
    expect((await call(s.filler, 'PUT', url, [{ parent_id: a, child_name: 'F' }])).statusCode).toBe(
      403,
    );
    const strangerRes = await call(s.stranger, 'PUT', url, [{ parent_id: a, child_name: 'S' }]);
    expect(strangerRes.statusCode).toBe(404);
  });

  it('a duplicate that fails midway makes no copy at all', async () => {
    const a = await batchWithTrays('Dup atomic', 2);
    await failWhen('batches', 'insert', "new.name = 'Boom copy'");
    const res = await call(s.manager, 'PUT', `/v1/batches/duplicate${q}${s.projectId}`, [
      { parent_id: a, child_name: 'Fine copy' },
      { parent_id: a, child_name: 'Boom copy' },
    ]);
    expect(res.statusCode).toBe(500);
    expect(await byName('Fine copy')).toBeUndefined();
  });

  it('backs up a batch and resets it from the backup exactly (digibrick_manager only)', async () => {
    const a = await batchWithTrays('Backup A', 3);
    const other = await batchWithTrays('Backup other', 1);
    const original = await content(a);
    const originalIds = (await trays(a)).map((r) => r.id);
    const made = await call(s.digiUser, 'PUT', `/v1/backup?batch_id=${a}`, { comments: 'before' });
    expect(made.statusCode).toBe(200);
    const [backup] = made.json().results as BackupRow[];
    expect(backup).toMatchObject({ batch_id: a, batch_name: 'Backup A', comments: 'before' });
    expect((JSON.parse(backup.json) as unknown[]).length).toBe(3);
    // The ids in the stored trays come with what people read for them.
    const named = await s.t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['i.readable_id', 'm.name as mould', 'c.name as colour'])
      .where('i.id', '=', s.item.id)
      .executeTakeFirstOrThrow();
    expect(backup.names.items[s.item.id]).toEqual({
      number: named.readable_id || String(s.item.id),
      name: named.mould,
    });
    expect(backup.names.moulds[s.item.mold_id]).toBe(named.mould);
    expect(backup.names.colours[s.item.colour_id]).toBe(named.colour);
    await call(s.digiUser, 'PUT', `/v1/backup?batch_id=${other}`, {});

    // The batch changes: a tray edited, one deleted, one added.
    await s.t.app.db
      .updateTable('trays')
      .set({ quantity: 99, comments: 'changed', accepted: 1 })
      .where('id', '=', originalIds[0])
      .execute();
    await s.t.app.db.deleteFrom('trays').where('id', '=', originalIds[2]).execute();
    await s.t.app.db
      .updateTable('trays')
      .set({ tray_nr: 7 })
      .where('id', '=', originalIds[1])
      .execute();

    const reset = `/v1/backup?backup_id=${backup.backup_id}`;
    expect((await call(s.digiUser, 'POST', reset)).statusCode).toBe(403);
    expect((await call(s.stranger, 'POST', reset)).statusCode).toBe(404);
    const res = await call(s.manager, 'POST', reset);
    expect(res.statusCode).toBe(200);
    expect(await content(a)).toEqual(original);
    // Tray 1 kept its id.
    expect((await trays(a))[0].id).toBe(originalIds[0]);

    const only = await call(s.digiUser, 'GET', `/v1/backup${q}${s.projectId}&batch_id=${other}`);
    expect((only.json().results as BackupRow[]).map((r) => r.batch_id)).toEqual([other]);
    const all = await call(s.digiUser, 'GET', `/v1/backup${q}${s.projectId}`);
    expect((all.json().results as BackupRow[]).length).toBe(2);
    expect((await call(s.stranger, 'GET', `/v1/backup${q}${s.projectId}`)).statusCode).toBe(404);
    expect((await call(s.stranger, 'PUT', `/v1/backup?batch_id=${a}`, {})).statusCode).toBe(404);
  });

  it("undo puts back the caller's own newest backup of the last minutes; anything else is a manager's RESET", async () => {
    const a = await batchWithTrays('Undo A', 3);
    const original = await content(a);
    const ids = (await trays(a)).map((r) => r.id);
    const backupOf = async (who: string) =>
      ((await call(who, 'PUT', `/v1/backup?batch_id=${a}`, {})).json().results as BackupRow[])[0];
    const undo = (who: string, b: BackupRow) =>
      call(who, 'POST', `/v1/backup/undo?backup_id=${b.backup_id}`);

    const older = await backupOf(s.digiUser);
    const own = await backupOf(s.digiUser);
    await s.t.app.db.deleteFrom('trays').where('id', 'in', ids.slice(1)).execute();
    // Not the newest backup of the batch, or not the caller's own: refused.
    expect((await undo(s.digiUser, older)).statusCode).toBe(403);
    expect((await undo(s.stranger, own)).statusCode).toBe(404);
    const res = await undo(s.digiUser, own);
    expect(res.statusCode).toBe(200);
    expect(await content(a)).toEqual(original);

    const managers = await backupOf(s.manager);
    expect((await undo(s.digiUser, managers)).json().errors[0].detail).toBe(B.undoTooLate);
    const late = await backupOf(s.digiUser);
    await s.t.app.db
      .updateTable('backups')
      .set({ date: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('id', '=', late.backup_id)
      .execute();
    expect((await undo(s.digiUser, late)).statusCode).toBe(403);
    // A digibrick manager may put back any backup this way, as with RESET.
    expect((await undo(s.manager, late)).statusCode).toBe(200);
  });

  it('a reset that fails midway leaves the trays as they were', async () => {
    const a = await batchWithTrays('Reset atomic', 2);
    const made = await call(s.manager, 'PUT', `/v1/backup?batch_id=${a}`, { comments: '' });
    const [backup] = made.json().results as BackupRow[];
    const ids = (await trays(a)).map((r) => r.id);
    await s.t.app.db.updateTable('trays').set({ quantity: 50 }).where('id', '=', ids[0]).execute();
    await s.t.app.db.deleteFrom('trays').where('id', '=', ids[1]).execute();
    const changed = await content(a);
    await failWhen('trays', 'insert', "new.comments = 'Reset atomic #2'");
    const res = await call(s.manager, 'POST', `/v1/backup?backup_id=${backup.backup_id}`);
    expect(res.statusCode).toBe(500);
    expect(await content(a)).toEqual(changed);
  });

  it("resets the demo backup (stored as the demo's trays) and floor trays reach devices", async () => {
    const demoBackups = await call(s.manager, 'GET', '/v1/backup?project_id=1&batch_id=1');
    const [backup] = demoBackups.json().results as BackupRow[];
    expect(backup.comments).toBe('Before price update');
    await s.t.app.db.updateTable('trays').set({ quantity: 0 }).where('batch_id', '=', 1).execute();
    const res = await call(s.manager, 'POST', `/v1/backup?backup_id=${backup.backup_id}`);
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse(backup.json) as { tray_nr: number; quantity: number }[];
    const now = await trays(1);
    expect(now.map((r) => [r.tray_nr, r.quantity])).toEqual(
      stored.map((s) => [s.tray_nr, s.quantity]).sort((x, y) => x[0] - y[0]),
    );
  });
});
