import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { createTestApp, describeEachDialect } from '../test/helpers';
import { pushMutations } from './push';
import { noteFaults, notesSuite, noteTexts } from '../test/sync-notes';

function closedSqlite(): Kysely<Database> {
  const file = new SQLite(':memory:');
  file.close();
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
}

function unreachablePostgres(): Kysely<Database> {
  // Port 9 (discard) refuses connections on the test machine.
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:9/none', max: 1 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

interface Mutation {
  id: string;
  seq: number;
  name: string;
  args: unknown;
}
const note = (seq: number, text: string, extra: Record<string, unknown> = {}): Mutation => ({
  id: randomUUID(),
  seq,
  name: 'note.add.v1',
  args: { text, ...extra },
});

describeEachDialect('sync push', (dialect) => {
  let demoId: number;
  let otherId: number;
  const logLines: string[] = [];
  let device = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const s = notesSuite(dialect, { logger: pino({ level: 'info' }, sink) });

  beforeAll(async () => {
    const companies = await s.t.app.db.selectFrom('companies').select(['id', 'name']).execute();
    demoId = companies.find((c) => c.name === 'Demo Bricks')!.id;
    otherId = companies.find((c) => c.name === 'Other Bricks')!.id;
  });
  beforeEach(() => {
    device = `device-${randomUUID()}`;
    noteFaults.times = 0;
  });

  const push = (auth: string, mutations: Mutation[], deviceId = device) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: { authorization: auth },
      payload: { device_id: deviceId, mutations },
    });

  it('applies a mutation once, and answers a replay with the recorded result', async () => {
    const m = note(1, 'once only');
    const first = await push(s.picker, [m]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ results: [{ id: m.id, status: 'applied' }], last_seq: 1 });
    const again = await push(s.picker, [m]);
    expect(again.json()).toEqual(first.json());
    expect((await noteTexts(s.t.app.db, demoId)).filter((x) => x === 'once only')).toHaveLength(1);
  });

  it('replays a rejection with the same code and message, applying nothing', async () => {
    const m = note(1, 'refuse me');
    const first = await push(s.picker, [m]);
    const expected = {
      id: m.id,
      status: 'rejected',
      code: 'note_refused',
      message: 'This note is refused.',
    };
    expect(first.json().results).toEqual([expected]);
    expect(await noteTexts(s.t.app.db, demoId)).not.toContain('refuse me');
    const again = await push(s.picker, [m]);
    expect(again.json().results).toEqual([expected]);
    const rec = await s.t.app.db
      .selectFrom('applied_mutations')
      .selectAll()
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ status: 'rejected', code: 'note_refused', company_id: demoId });
  });

  it('applies 20 concurrent pushes of the same mutation id exactly once', async () => {
    const m = note(1, 'raced', { delay_ms: 20 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => push(s.picker, [m])));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json().results).toEqual([{ id: m.id, status: 'applied' }]);
    }
    expect((await noteTexts(s.t.app.db, demoId)).filter((x) => x === 'raced')).toHaveLength(1);
    const recs = await s.t.app.db
      .selectFrom('applied_mutations')
      .select('id')
      .where('id', '=', m.id)
      .execute();
    expect(recs).toHaveLength(1);
  });

  // Several servers share one database on PostgreSQL only (docs/architecture.md, Databases). Two
  // SQLite connections in one process cannot take turns: better-sqlite3 waits for a lock
  // synchronously, blocking the thread that holds it; one SQLite server has one connection and runs
  // its transactions one at a time, which the test above covers. (Defined for PostgreSQL only, so
  // the SQLite run does not report a skipped check.)
  const onPostgres = dialect === 'postgres' ? it : () => {};
  onPostgres('applies a mutation id once across two servers on one database', async () => {
    const url = s.t.config.databaseUrl ?? `sqlite:${join(s.t.config.dataDir, 'warehouse.sqlite')}`;
    const second = await createTestApp(dialect, {
      databaseUrl: url,
      jwtSecret: s.t.config.jwtSecret,
      seedDemo: false,
    });
    try {
      const m = note(1, 'two servers', { delay_ms: 10 });
      const apps = [s.t.app, second.app];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          apps[i % 2].inject({
            method: 'POST',
            url: '/api/v1/sync/push',
            headers: { authorization: s.picker },
            payload: { device_id: device, mutations: [m] },
          }),
        ),
      );
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json().results).toEqual([{ id: m.id, status: 'applied' }]);
      }
      expect((await noteTexts(s.t.app.db, demoId)).filter((x) => x === 'two servers')).toHaveLength(
        1,
      );
    } finally {
      await second.close();
    }
  });

  it('applies the rest of a batch around a rejected entry, in seq order', async () => {
    const a = note(3, 'batch first');
    const b = note(4, 'refuse me');
    const c = note(5, 'batch last');
    const res = await push(s.picker, [c, a, b]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual(
      [
        [a.id, 'applied'],
        [b.id, 'rejected'],
        [c.id, 'applied'],
      ],
    );
    const texts = await noteTexts(s.t.app.db, demoId);
    expect(texts.indexOf('batch first')).toBeLessThan(texts.indexOf('batch last'));
    expect(res.json().last_seq).toBe(5);
  });

  it('rejects unknown names, invalid args and missing roles with their codes', async () => {
    const unknown: Mutation = { id: randomUUID(), seq: 1, name: 'note.fly.v1', args: {} };
    const badArgs: Mutation = { id: randomUUID(), seq: 2, name: 'note.add.v1', args: { text: 7 } };
    const noRole: Mutation = {
      id: randomUUID(),
      seq: 3,
      name: 'note.delete.v1',
      args: { id: 1 },
    };
    logLines.length = 0;
    const res = await push(s.picker, [unknown, badArgs, noRole]);
    expect(res.statusCode).toBe(200);
    const [r1, r2, r3] = res.json().results;
    // The device is told in the floor's words; the change's name stays in the server's log.
    expect(r1).toEqual({
      id: unknown.id,
      status: 'rejected',
      code: 'unknown_mutation',
      message: 'This app is older than the server: update the app (reload) and try again.',
    });
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.mutationId === unknown.id);
    expect(logged).toMatchObject({ mutation: 'note.fly.v1', level: 40 });
    expect(logged.msg).toContain('note.fly.v1');
    expect(r2).toEqual({
      id: badArgs.id,
      status: 'rejected',
      code: 'invalid_args',
      message:
        'The server could not read this change: update the app (reload) and make the change again.',
    });
    const invalid = logLines.map((l) => JSON.parse(l)).find((l) => l.mutationId === badArgs.id);
    expect(invalid).toMatchObject({ mutation: 'note.add.v1', level: 40 });
    expect(invalid.msg).toMatch(/Invalid note\.add\.v1: text: /);
    expect(r3).toEqual({
      id: noRole.id,
      status: 'rejected',
      code: 'forbidden',
      message: 'Permission denied',
    });
    // Rejections are recorded: a replay gives the same answers.
    const again = await push(s.picker, [unknown, badArgs, noRole]);
    expect(again.json().results).toEqual(res.json().results);
  });

  it('answers a malformed envelope with 400, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { device_id: device },
      { device_id: 'short', mutations: [] },
      { device_id: device, mutations: [{ id: 'not-a-uuid', seq: 1, name: 'x', args: {} }] },
      { device_id: device, mutations: [{ id: randomUUID(), seq: -1, name: 'x', args: {} }] },
      { device_id: device, mutations: [{ id: randomUUID(), seq: 1.5, name: 'x', args: {} }] },
      { device_id: device, mutations: [{ id: randomUUID(), seq: 1, name: '', args: {} }] },
      { device_id: device, mutations: 'all of them' },
      [],
    ];
    for (const payload of bodies) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/sync/push',
        headers: { authorization: s.picker },
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].detail).toBeTruthy();
    }
    const broken = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      headers: { authorization: s.picker, 'content-type': 'application/json' },
      payload: '{"device_id": ',
    });
    expect(broken.statusCode).toBe(400);
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/push',
      payload: { device_id: device, mutations: [] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('accepts a seq gap, logs the missing range and reports last_seq', async () => {
    const first = await push(s.picker, [note(3, 'before gap')]);
    expect(first.json().last_seq).toBe(3);
    logLines.length = 0;
    const res = await push(s.picker, [note(5, 'after gap')]);
    expect(res.json()).toMatchObject({ results: [{ status: 'applied' }], last_seq: 5 });
    const warning = logLines.map((l) => JSON.parse(l)).find((l) => /seq gap/.test(l.msg));
    expect(warning).toMatchObject({ deviceId: device, missing: [4, 4], level: 40 });
    // An older seq (a replay, or another tab) never lowers last_seq.
    const older = await push(s.picker, [note(2, 'late entry')]);
    expect(older.json().last_seq).toBe(5);
    const empty = await push(s.picker, []);
    expect(empty.json()).toEqual({ results: [], last_seq: 5 });
    const fresh = await push(s.picker, [], `device-${randomUUID()}`);
    expect(fresh.json()).toEqual({ results: [], last_seq: -1 });
  });

  it('answers a mutation that throws as failed, records nothing for it and runs the rest', async () => {
    const a = note(1, 'fault before');
    const b = note(2, 'fault victim');
    const c = note(3, 'fault after');
    Object.assign(noteFaults, { text: 'fault victim', times: 1 });
    logLines.length = 0;
    const res = await push(s.picker, [a, b, c]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: a.id, status: 'applied' },
        {
          id: b.id,
          status: 'failed',
          code: 'server_error',
          message: 'The server could not apply this change; it will be sent again.',
        },
        { id: c.id, status: 'applied' },
      ],
      last_seq: 3,
    });
    // Logged with the mutation's id; no record, no effect.
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.mutationId === b.id);
    expect(logged).toMatchObject({ level: 50, mutation: 'note.add.v1', deviceId: device });
    expect(logged.err.message).toBe('injected server fault');
    const rec = await s.t.app.db
      .selectFrom('applied_mutations')
      .select('id')
      .where('id', '=', b.id)
      .executeTakeFirst();
    expect(rec).toBeUndefined();
    expect(await noteTexts(s.t.app.db, demoId)).not.toContain('fault victim');

    // Every mutation of a push failing is still an answer (200), not an outage.
    noteFaults.times = 1;
    const again = await push(s.picker, [b]);
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toMatchObject([{ id: b.id, status: 'failed' }]);

    // The retry applies it once; the others answer from their records.
    const retry = await push(s.picker, [a, b, c]);
    expect(retry.json().results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    const after = await noteTexts(s.t.app.db, demoId);
    expect(after.filter((x) => x.startsWith('fault'))).toEqual([
      'fault before',
      'fault after',
      'fault victim',
    ]);
  });

  it('answers 503 and processes nothing when the database is unreachable', async () => {
    // A server whose database went away after it started: the access check reads permissions
    // first, so the push itself is called directly with a database that refuses every query.
    const gone = dialect === 'postgres' ? unreachablePostgres() : closedSqlite();
    const user = { id: 1, companyId: demoId, permissions: [] as number[] } as never;
    const a = note(1, 'never');
    const outcome = await pushMutations(gone, s.t.app.log, user, {
      device_id: device,
      mutations: [a],
    });
    expect(outcome).toMatchObject({ results: [], stoppedAt: a.id });
    await gone.destroy().catch(() => {});
    expect(await noteTexts(s.t.app.db, demoId)).not.toContain('never');
  });

  it("never lets another company see or replay a company's mutation results", async () => {
    const m = note(1, 'demo secret');
    await push(s.picker, [m]);
    // Same mutation id and the same device id from Other Bricks.
    const res = await push(s.other, [{ ...m, args: { text: 'other copy' } }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      {
        id: m.id,
        status: 'rejected',
        code: 'duplicate_id',
        message: 'This change has the id of another change and was not applied.',
      },
    ]);
    expect(res.json().last_seq).toBe(1);
    expect(await noteTexts(s.t.app.db, otherId)).toEqual([]);
    const rec = await s.t.app.db
      .selectFrom('applied_mutations')
      .select(['company_id', 'status'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(rec).toEqual({ company_id: demoId, status: 'applied' });
    // The device's seq history of the other company is not carried over.
    const next = await push(s.other, [note(1, 'other own')]);
    expect(next.json()).toMatchObject({ results: [{ status: 'applied' }], last_seq: 1 });
    expect(await noteTexts(s.t.app.db, otherId)).toEqual(['other own']);
  });

  it('lets a manager delete, with a rejection for a missing row', async () => {
    const del = (id: number, seq: number): Mutation => ({
      id: randomUUID(),
      seq,
      name: 'note.delete.v1',
      args: { id },
    });
    const res = await push(s.manager, [del(999999, 1)]);
    expect(res.json().results[0]).toMatchObject({ status: 'rejected', code: 'note_missing' });
  });

  it('leaves no transaction open behind it', async () => {
    if (dialect === 'postgres') {
      const open = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(
        s.t.app.db,
      );
      expect(Number(open.rows[0].n)).toBe(0);
    }
    // A leaked SQLite transaction would hold the only connection: this write would never finish.
    const write = s.t.app.db
      .insertInto('company_sync_versions')
      .values({ company_id: 999, version: 0 })
      .execute();
    await expect(
      Promise.race([write, new Promise((_, no) => setTimeout(() => no(new Error('stuck')), 2000))]),
    ).resolves.toBeDefined();
  });
});
