import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { notesSuite } from '../test/sync-notes';
import { nextVersion } from './version';
import { companyId } from '../test/locations-support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test table is outside the app schema
type AnyDb = Kysely<any>;

interface Page {
  collection: string;
  rows: { id: number; text: string; version: number }[];
  tombstones: (number | string)[];
  cursor: number;
  has_more: boolean;
}

describeEachDialect('sync pull', (dialect) => {
  const s = notesSuite(dialect);
  const { device } = s;

  async function push(auth: string, name: string, args: unknown[]): Promise<void> {
    const results = await device.push(
      auth,
      args.map((a) => device.entry(name, a)),
    );
    for (const r of results) expect(r.status).toBe('applied');
  }
  const addNotes = (auth: string, texts: string[]) =>
    push(
      auth,
      'note.add.v1',
      texts.map((text) => ({ text })),
    );
  const pull = async (auth: string, query: string) =>
    s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?${query}`,
      headers: { authorization: auth },
    });
  const page = async (auth: string, cursor: number, limit: number): Promise<Page> => {
    const res = await pull(auth, `collection=notes&cursor=${cursor}&limit=${limit}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  /** Pulls every page from a cursor, as a device does, into a local copy. */
  async function syncAll(
    auth: string,
    local: Map<number | string, string>,
    from: number,
    limit: number,
  ) {
    let cursor = from;
    let pages = 0;
    for (;;) {
      const p = await page(auth, cursor, limit);
      pages += 1;
      for (const k of p.tombstones) local.delete(k);
      for (const r of p.rows) local.set(r.id, r.text);
      expect(p.cursor).toBeGreaterThanOrEqual(cursor);
      cursor = p.cursor;
      if (!p.has_more) return { cursor, pages };
      expect(pages).toBeLessThan(100);
    }
  }
  const serverNotes = async (companyName: string) => {
    const rows = await (s.t.app.db as unknown as AnyDb)
      .selectFrom('sync_test_notes')
      .innerJoin('companies', 'companies.id', 'sync_test_notes.company_id')
      .select(['sync_test_notes.id', 'sync_test_notes.text'])
      .where('companies.name', '=', companyName)
      .execute();
    return new Map(rows.map((r: { id: number; text: string }) => [r.id, r.text]));
  };

  it('pages through rows in version order, resumable by cursor', async () => {
    await addNotes(s.picker, ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7']);
    const first = await page(s.picker, 0, 3);
    expect(first.rows.map((r) => r.text)).toEqual(['n1', 'n2', 'n3']);
    expect(first.has_more).toBe(true);
    expect(first.cursor).toBe(first.rows[2].version);
    const second = await page(s.picker, first.cursor, 3);
    expect(second.rows.map((r) => r.text)).toEqual(['n4', 'n5', 'n6']);
    // Resuming from the same cursor (a lost response) gives the same page again.
    expect(await page(s.picker, first.cursor, 3)).toEqual(second);
    const last = await page(s.picker, second.cursor, 3);
    expect(last.rows.map((r) => r.text)).toEqual(['n7']);
    expect(last.has_more).toBe(false);
    const none = await page(s.picker, last.cursor, 3);
    expect(none).toEqual({
      collection: 'notes',
      rows: [],
      tombstones: [],
      cursor: last.cursor,
      has_more: false,
    });
  });

  it('sends tombstones after a delete, and a device converges to the server', async () => {
    const local = new Map<number | string, string>();
    const { cursor } = await syncAll(s.picker, local, 0, 2);
    expect(local).toEqual(await serverNotes('Demo Bricks'));
    const [firstId, secondId] = [...local.keys()] as number[];
    await push(s.manager, 'note.delete.v1', [{ id: firstId }, { id: secondId }]);
    await addNotes(s.picker, ['n8']);
    const changes = await page(s.picker, cursor, 10);
    expect(changes.tombstones).toEqual([firstId, secondId]);
    expect(changes.rows.map((r) => r.text)).toEqual(['n8']);
    await syncAll(s.picker, local, cursor, 2);
    expect(local).toEqual(await serverNotes('Demo Bricks'));
    expect(local.has(firstId)).toBe(false);
    // A first sync after the deletes converges too, in pages of every size.
    for (const limit of [1, 2, 3, 100]) {
      const fresh = new Map<number | string, string>();
      await syncAll(s.picker, fresh, 0, limit);
      expect(fresh).toEqual(await serverNotes('Demo Bricks'));
    }
  });

  it('never ends a page inside one version', async () => {
    // Five rows stamped with one version (as one transaction writing several rows would).
    const demo = await companyId(s.t.app, 'Demo Bricks');
    const before = (await syncAll(s.picker, new Map(), 0, 1000)).cursor;
    await s.t.app.db.transaction().execute(async (trx) => {
      const v = await nextVersion(trx, demo);
      for (const text of ['g1', 'g2', 'g3', 'g4', 'g5']) {
        await (trx as unknown as AnyDb)
          .insertInto('sync_test_notes')
          .values({ company_id: demo, text, version: v })
          .execute();
      }
    });
    await addNotes(s.picker, ['after group']);
    const p1 = await page(s.picker, before, 3);
    expect(p1.rows.map((r) => r.text)).toEqual(['g1', 'g2', 'g3', 'g4', 'g5']);
    const p2 = await page(s.picker, p1.cursor, 3);
    expect(p2.rows.map((r) => r.text)).toEqual(['after group']);
    const local = new Map<number | string, string>();
    await syncAll(s.picker, local, 0, 4);
    expect(local).toEqual(await serverNotes('Demo Bricks'));
  });

  it('answers an unknown collection with 400, a missing role with 403, bad queries with 400', async () => {
    const unknown = await pull(s.picker, 'collection=nothing_here');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].detail).toContain('nothing_here');
    const forbidden = await pull(s.picker, 'collection=notes_managed');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].detail).toBe('Permission denied');
    for (const q of [
      '',
      'collection=notes&cursor=-1',
      'collection=notes&limit=0',
      'collection=notes&cursor=abc',
      // Beyond what both databases hold in an integer: the same 400 on SQLite and PostgreSQL.
      'collection=notes&cursor=2147483648',
      'collection=notes&cursor=',
    ]) {
      const res = await pull(s.picker, q);
      expect(res.statusCode, q).toBe(400);
    }
    const allowed = await pull(s.manager, 'collection=notes_managed&limit=1');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().rows[0]).toHaveProperty('company_id');
    const anonymous = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?collection=notes',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("keeps each company's rows and tombstones to itself", async () => {
    const otherLocal = new Map<number | string, string>();
    await syncAll(s.other, otherLocal, 0, 1000);
    expect(otherLocal.size).toBe(0);
    await addNotes(s.other, ['other note']);
    await syncAll(s.other, otherLocal, 0, 1000);
    expect([...otherLocal.values()]).toEqual(['other note']);
    const demo = new Map<number | string, string>();
    await syncAll(s.picker, demo, 0, 1000);
    expect([...demo.values()]).not.toContain('other note');
    // Other Bricks cannot delete Demo Bricks' notes either.
    const demoId = [...demo.keys()][0];
    const [refused] = await device.push(s.other, [device.entry('note.delete.v1', { id: demoId })]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'note_missing' });
    const otherPage = await page(s.other, 0, 1000);
    expect(otherPage.tombstones).toEqual([]);
  });
});
