import { expect, it } from 'vitest';
import type { BackupRow } from '../../../contract/batches';
import { ProjectMessages as M } from '../../../contract/projects';
import { nowIso } from '../../db/dialect';
import { batchActionsSuite, batchList } from '../../test/digitizing';
import { describeEachDialect, details } from '../../test/helpers';

describeEachDialect('batches merged, duplicated and reset: floor and concurrency', (dialect) => {
  const { s, batchWithTrays, trays } = batchActionsSuite(dialect);
  const { call } = s;

  const q = '?project_id=';
  const list = () => batchList(s);
  /** Every tray id and tombstone a filler's device pulls from `cursor` on. */
  async function pullAll(cursor: number) {
    const rows: number[] = [];
    const tombstones: number[] = [];
    for (;;) {
      const res = await call(s.filler, 'GET', `/v1/sync/pull?collection=trays&cursor=${cursor}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as {
        rows: { tray_id: number }[];
        tombstones: number[];
        cursor: number;
        has_more: boolean;
      };
      rows.push(...page.rows.map((r) => r.tray_id));
      tombstones.push(...page.tombstones.map(Number));
      if (!page.has_more) return { rows, tombstones, cursor: page.cursor };
      cursor = page.cursor;
    }
  }
  const setStatus = (batch_id: number, status: string) =>
    call(s.manager, 'POST', `/v1/batches/status${q}${s.projectId}`, { batch_id, status });

  it("'ready for filling' is refused while trays have no item, naming them", async () => {
    const batchId = await batchWithTrays('No items yet', 4);
    const ids = (await trays(batchId)).map((r) => r.id);
    await s.t.app.db
      .updateTable('trays')
      .set({ item_id: null })
      .where('id', 'in', [ids[1], ids[3]])
      .execute();
    const refused = await setStatus(batchId, 'ready for filling');
    expect(refused.statusCode).toBe(400);
    expect(details(refused)).toEqual([M.traysWithoutItem([2, 4])]);
    expect(details(refused)[0]).toBe(
      'Trays 2, 4 have no item yet: choose their variants before the batch is ready for filling',
    );
    expect((await list()).find((b) => b.batch_id === batchId)!.status).toBe('in progress');
    // Nothing reached the floor: the trays are not among what a filler's device pulls.
    expect((await pullAll(0)).rows).not.toContain(ids[0]);
    // Other statuses are not held up; with every tray given an item the batch goes on the floor.
    expect((await setStatus(batchId, 'being reviewed')).statusCode).toBe(200);
    await s.t.app.db
      .updateTable('trays')
      .set({ item_id: s.item.id })
      .where('id', 'in', [ids[1], ids[3]])
      .execute();
    expect((await setStatus(batchId, 'ready for filling')).statusCode).toBe(200);
    expect((await pullAll(0)).rows).toEqual(expect.arrayContaining(ids));
    expect(M.traysWithoutItem([7])).toBe(
      'Tray 7 has no item yet: choose its variant before the batch is ready for filling',
    );
    const many = M.traysWithoutItem(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(many).toContain('1, 2, 3');
    expect(many).toContain('50 and 10 more');
    await setStatus(batchId, 'in progress');
  });

  it("merging and resetting keep fillers' devices right about trays on the floor", async () => {
    const onFloor = await batchWithTrays('Floor child', 2);
    const parent = await batchWithTrays('Floor parent', 1);
    await setStatus(onFloor, 'ready for filling');
    const ids = (await trays(onFloor)).map((r) => r.id).sort((a, b) => a - b);
    const start = await pullAll(0);
    expect(ids.every((id) => start.rows.includes(id))).toBe(true);
    // Merged into a batch that is not on the floor: the trays leave the devices.
    await call(s.manager, 'POST', `/v1/batches/merge${q}${s.projectId}`, {
      parent_id: parent,
      childs: [onFloor],
    });
    const merged = await pullAll(start.cursor);
    expect(merged.tombstones.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);

    // A batch on the floor reset from its backup: changed trays are sent again, deleted ones go.
    await setStatus(parent, 'ready for filling');
    const made = await call(s.manager, 'PUT', `/v1/backup?batch_id=${parent}`, {});
    const [backup] = made.json().results as BackupRow[];
    const [first, , third] = (await trays(parent)).map((r) => r.id);
    await s.t.app.db.deleteFrom('trays').where('id', '=', third).execute();
    const before = await pullAll(merged.cursor);
    await call(s.manager, 'POST', `/v1/backup?backup_id=${backup.backup_id}`);
    const after = await pullAll(before.cursor);
    expect(after.rows).toContain(first);
    expect(after.rows.length).toBe(3);
    await s.t.app.db
      .updateTable('trays')
      .set({ comments: 'extra' })
      .where('id', '=', first)
      .execute();
    await s.t.app.db
      .insertInto('trays')
      .values({
        company_id: s.demo,
        batch_id: parent,
        tray_nr: 9,
        quantity: 1,
        creator_user_id: null,
        date_of_creation: nowIso(),
        last_edit_user_id: null,
        date_of_last_edit: null,
        item_id: null,
        mold_id: null,
        colour_id: null,
        condition: null,
        location_id: null,
        filled_by_user_id: null,
        filled_at: null,
        version: 0,
      })
      .execute();
    const extra = (await trays(parent)).find((r) => r.tray_nr === 9)!.id;
    await call(s.manager, 'POST', `/v1/backup?backup_id=${backup.backup_id}`);
    const again = await pullAll(after.cursor);
    expect(again.tombstones).toContain(extra);
    expect((await trays(parent)).map((r) => r.tray_nr)).toEqual([1, 2, 3]);
  });

  it("trays split off a batch on the floor leave fillers' devices, the others stay", async () => {
    const onFloor = await batchWithTrays('Floor split', 3);
    await setStatus(onFloor, 'ready for filling');
    const ids = (await trays(onFloor)).map((r) => r.id).sort((a, b) => a - b);
    const start = await pullAll(0);
    expect(ids.every((id) => start.rows.includes(id))).toBe(true);
    const batch = `?project_id=${s.projectId}&batch_id=${onFloor}`;
    const claimed = await call(s.manager, 'POST', `/v1/trays/claim${batch}`, { claim: true });
    expect(claimed.statusCode).toBe(200);
    const split = await call(s.manager, 'PUT', `/v1/trays/split${batch}`, {
      name: 'Floor split off',
      items: ids.slice(0, 2),
    });
    expect(split.statusCode).toBe(200);
    const after = await pullAll(start.cursor);
    const gone = after.tombstones.filter((id) => ids.includes(id)).sort((a, b) => a - b);
    expect(gone).toEqual(ids.slice(0, 2));
  });

  it('two duplicates to one name at once: one copy is made, the other refused with the message', async () => {
    const a = await batchWithTrays('Race source', 1);
    const url = `/v1/batches/duplicate${q}${s.projectId}`;
    const body = [{ parent_id: a, child_name: 'Race copy' }];
    const answers = await Promise.all([
      call(s.manager, 'PUT', url, body),
      call(s.digiUser, 'PUT', url, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(
      (refused.json() as { errors: { detail: string }[] }).errors.map((e) => e.detail),
    ).toEqual(['Batch Race copy already exists']);
    expect((await list()).filter((b) => b.name === 'Race copy')).toHaveLength(1);
  });
});
