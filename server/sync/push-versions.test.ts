import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../test/helpers';
import { syncDevice, type SyncDevice } from '../test/sync-device';
import { createNotesTable, noteIds, noteTexts, registerNotes } from '../test/sync-notes';
import { reservePushVersions } from './push-versions';
import { versionState } from './version';

registerNotes();

interface NotesPage {
  rows: { id: number; text: string; version: number }[];
  cursor: number;
  has_more: boolean;
}

/**
 * Pushes that take versions while others are still running: a pull must never read past a
 * version whose transaction has not ended, or a device would skip that change for good. One
 * server runs a company's pushes one group at a time (push-group.ts); on PostgreSQL a second
 * server on the same database runs its own beside them.
 */
describeEachDialect('push versions and the pull horizon', (dialect) => {
  let t: TestApp;
  /** The servers devices push to: on PostgreSQL two, on one database. */
  let servers: TestApp[];
  let picker: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    servers = [t];
    if (dialect === 'postgres') {
      const { databaseUrl, jwtSecret, credentialKey } = t.config;
      servers.push(await createTestApp(dialect, { databaseUrl, jwtSecret, credentialKey }));
    }
    await createNotesTable(t.app.db);
    picker = await loginAs(t.app, 'picker@demo.test');
    const row = await t.app.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'picker@demo.test')
      .executeTakeFirstOrThrow();
    companyId = row.company_id;
  });
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
  });

  /** Pulls notes from `cursor` until the server has no more; gives the texts and the cursor. */
  async function pullAll(d: SyncDevice, cursor: number): Promise<[string[], number]> {
    const texts: string[] = [];
    for (;;) {
      const page = await d.pull<NotesPage>(picker, 'notes', cursor);
      texts.push(...page.rows.map((r) => r.text));
      cursor = page.cursor;
      if (!page.has_more) return [texts, cursor];
    }
  }

  it('a device pulling all along, from its own cursor, misses none of many interleaved pushes', async () => {
    const reader = syncDevice(() => t);
    let [seen, cursor] = await pullAll(reader, 0);
    seen = [];
    const expected: string[] = [];
    let pushing = true;
    const pushes = Array.from({ length: 12 }, async (_, d) => {
      const device = syncDevice(() => servers[d % servers.length]);
      for (let k = 0; k < 4; k++) {
        const text = `d${d}-n${k}`;
        expected.push(text);
        const delay = (d * 37 + k * 53) % 120;
        const [r] = await device.push(picker, [
          device.entry('note.add.v1', { text, delay_ms: delay }),
        ]);
        expect(r.status).toBe('applied');
      }
    });
    const reading = (async () => {
      while (pushing) {
        const [texts, next] = await pullAll(reader, cursor);
        seen.push(...texts);
        cursor = next;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(pushes);
    pushing = false;
    await reading;
    const [last] = await pullAll(reader, cursor);
    seen.push(...last);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  // SQLite runs one writer at a time: a push never runs beside another, and a pull waits for it.
  if (dialect !== 'postgres') return;

  it('a push takes its versions without waiting for another push still running', async () => {
    const company = companyId;
    const first = await t.app.db.startTransaction().execute();
    const second = await t.app.db.startTransaction().execute();
    const a = await reservePushVersions(t.app.db, first, company, 2);
    // `first` is still open and holds its versions; this must not wait for it.
    const b = await reservePushVersions(t.app.db, second, company, 1);
    expect(b).toBe(a + 1);
    await second.commit().execute();
    expect((await versionState(t.app.db, company)).visible).toBe(a - 2);
    await first.commit().execute();
    expect((await versionState(t.app.db, company)).visible).toBe(b);
  });

  it('a pull after a fast push that overtook a slow one waits for the slow one to end', async () => {
    const slowDevice = syncDevice(() => servers[0]);
    const fastDevice = syncDevice(() => servers[1]);
    const reader = syncDevice(() => t);
    const [, start] = await pullAll(reader, 0);

    const finished: string[] = [];
    const slow = slowDevice
      .push(picker, [slowDevice.entry('note.add.v1', { text: 'slow', delay_ms: 200 })])
      .then(() => finished.push('slow'));
    await new Promise((r) => setTimeout(r, 60));
    const fast = fastDevice
      .push(picker, [fastDevice.entry('note.add.v1', { text: 'fast' })])
      .then(() => finished.push('fast'));
    await fast;
    const [during] = await pullAll(reader, start);
    await slow;

    // The fast push did not wait for the slow one, yet the pull left it for later: its version
    // is above the slow push's, which was still in flight.
    expect(finished).toEqual(['fast', 'slow']);
    expect(during).not.toContain('slow');
    expect(during).not.toContain('fast');
    const [after] = await pullAll(reader, start);
    expect(after.sort()).toEqual(['fast', 'slow']);
  });

  it('versions taken by a transaction that rolled back are a gap, not a wall', async () => {
    const trx = await t.app.db.startTransaction().execute();
    const top = await reservePushVersions(t.app.db, trx, companyId, 3);
    const held = await versionState(t.app.db, companyId);
    expect(held.version).toBe(top);
    expect(held.visible).toBe(top - 3);
    await trx.rollback().execute();
    const after = await versionState(t.app.db, companyId);
    expect(after.visible).toBe(after.version);
  });

  it('two pushes that lock the same rows in opposite orders both apply (one is tried again)', async () => {
    const a = syncDevice(() => servers[0]);
    const b = syncDevice(() => servers[1]);
    await a.push(picker, [
      a.entry('note.add.v1', { text: 'x' }),
      a.entry('note.add.v1', { text: 'y' }),
    ]);
    const ids = await noteIds(t.app.db, companyId);
    const [x, y] = [ids.get('x')!, ids.get('y')!];
    const [ra, rb] = await Promise.all([
      a.push(picker, [a.entry('note.edit.v1', { ids: [x, y], suffix: 'A', delay_ms: 150 })]),
      b.push(picker, [b.entry('note.edit.v1', { ids: [y, x], suffix: 'B', delay_ms: 150 })]),
    ]);
    expect([ra[0].status, rb[0].status]).toEqual(['applied', 'applied']);
    const texts = await noteTexts(t.app.db, companyId);
    expect(texts.filter((n) => n.startsWith('x') || n.startsWith('y')).sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^x(AB|BA)$/),
        expect.stringMatching(/^y(AB|BA)$/),
      ]),
    );
  });
});
