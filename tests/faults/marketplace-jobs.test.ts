// Marketplace jobs are exactly-once across two real server processes on one PostgreSQL database:
// an upload whose server is SIGKILLed mid-create is finished by the other server once the lease
// lapses (JOB_LEASE_SECONDS, 6 s here), with every lot on each fake marketplace once; then stock and price
// changes, with stock syncs asked for many times at both servers, reach each lot exactly once
// (quantities travel as deltas, so a change sent twice would show), one job per store at a time.
// The fakes sit behind delaying proxies so that the jobs are slow enough to be caught running.
// Skipped like the other PostgreSQL suites when PostgreSQL is not reachable.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db';
import {
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../support/fake-bricklink';
import { FAKE_BRICKOWL_KEY, startFakeBrickOwl, type FakeBrickOwl } from '../support/fake-brickowl';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { signIn, startServerProcess, type ServerProcess } from '../support/server-process';
import { createPostgresDb, type PostgresDb } from '../support/postgres-db';

/** The servers' job lease: short, so the survivor takes the killed server's job over soon. */
const LEASE_SECONDS = 6;
const baseUrl = process.env.TEST_POSTGRES_URL;
const ITEMS = 200;
const STOCK = 1000;
const now = () => new Date().toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(20);
  }
}

(baseUrl ? describe : describe.skip)('marketplace jobs on two server instances', () => {
  let pgDb: PostgresDb;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let bl: FakeBrickLink;
  let bo: FakeBrickOwl;
  let blProxy: FaultProxy;
  let boProxy: FaultProxy;
  let database: Db;
  let env: Record<string, string>;
  let auth: string;
  let blStore: number;
  let boStore: number;
  /** The batch's lots: item, quantity, price (thousandths). */
  let lots: { itemId: number; quantity: number; price: number }[] = [];

  const start = (seed: '1' | '0') => {
    dataDirs.push(mkdtempSync(join(tmpdir(), 'brick-mkt-')));
    const dataDir = dataDirs[dataDirs.length - 1];
    return startServerProcess({ dataDir, databaseUrl: pgDb.url, env: { ...env, SEED_DEMO: seed } });
  };

  const api = async (server: ServerProcess, method: string, path: string, body: unknown) => {
    const type = path.startsWith('/api/v2/') ? 'application/vnd.api+json' : 'application/json';
    const headers = { authorization: auth, 'content-type': type };
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    pgDb = await createPostgresDb(baseUrl!, 'bw_mkt');
    bl = await startFakeBrickLink();
    bo = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
    const target = (u: string) => ({ host: '127.0.0.1', port: Number(new URL(u).port) });
    blProxy = await startFaultProxy({ target: target(bl.url) });
    boProxy = await startFaultProxy({ target: target(bo.url) });
    env = {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      CREDENTIAL_KEY: randomBytes(32).toString('base64url'),
      JOB_RUNNER: '1',
      ORDER_INTAKE_MINUTES: '0',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      BRICKLINK_API_URL: `${blProxy.url}${new URL(bl.url).pathname}`,
      BRICKOWL_API_URL: `${boProxy.url}${new URL(bo.url).pathname}`,
    };
    // One after the other: the first migrates and loads the demo data, the second finds them.
    servers.push(await start('1'), await start('0'));
    database = openDatabase({ databaseUrl: pgDb.url, dataDir: dataDirs[0] });
    auth = `Bearer ${(await signIn(servers[0].url, 'syncer@demo.test')).access_token}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
    await blProxy?.close();
    await boProxy?.close();
    await bl?.close();
    await bo?.close();
    await pgDb?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Each item's stock: exactly `quantity(item)`, in one of the company's locations. */
  const setStock = async (itemIds: number[], quantity: (itemId: number) => number) => {
    await sql`delete from location_content where item_id in (${sql.join(itemIds)})`.execute(db());
    await sql`insert into location_content
        (company_id, location_id, item_id, colour_id, quantity, updated_at)
      select i.company_id, (select min(l.id) from locations l
          where l.company_id = i.company_id and l.parent_id is not null), i.id, i.colour_id, q.n, ${now()}
      from unnest(${itemIds}::int[], ${itemIds.map(quantity)}::int[]) as q(item_id, n)
      join items i on i.id = q.item_id`.execute(db());
  };

  const db = () => database.db;
  const jobsOf = (kind: string) =>
    db().selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

  const openJobs = async (kind: string) =>
    (await jobsOf(kind)).filter((j) => j.status === 'queued' || j.status === 'running');
  /** Holds each request to the fake marketplaces back this long. */
  const delay = (delayMs: number) =>
    Promise.all([blProxy, boProxy].map((proxy) => proxy.setMode({ delayMs })));

  const storeItems = (storeId: number) =>
    db().selectFrom('store_items').selectAll().where('store_id', '=', storeId).execute();

  /**
   * Each fake holds one lot per expected item and nothing else, with the quantity and price
   * expected; the store's items record exactly those lots, nothing waiting or on its way.
   */
  const expectLots = async (expected: Map<number, { quantity: number; price: number }>) => {
    for (const storeId of [blStore, boStore]) {
      const rows = await storeItems(storeId);
      expect(new Set(rows.map((r) => r.external_lot_id)).size).toBe(rows.length);
      expect(rows.map((r) => r.item_id).sort()).toEqual([...expected.keys()].sort());
      const onFake = (lot: string) => {
        const l = storeId === blStore ? bl.inventory.get(Number(lot)) : bo.lots.get(lot);
        const price = l && ('unit_price' in l ? l.unit_price : l.price);
        return l && { quantity: Number(l.quantity), price: Number(price) };
      };
      const wrong = rows.filter((r) => {
        const want = expected.get(r.item_id)!;
        const got = onFake(r.external_lot_id ?? '');
        return (
          got?.quantity !== want.quantity ||
          got.price !== want.price / 1000 ||
          r.store_quantity !== want.quantity ||
          r.listed_quantity !== want.quantity ||
          Number(r.needs_upload) !== 0 ||
          r.sending_quantity !== null
        );
      });
      expect(wrong.map((r) => ({ item: r.item_id, lot: onFake(r.external_lot_id ?? '') }))).toEqual(
        [],
      );
    }
    // No lot twice: each fake holds just the lots the store items record, one each.
    expect(bl.inventory.size).toBe(expected.size);
    expect(bo.lots.size).toBe(expected.size);
    const boMarks = [...bo.lots.values()].map((l) => Object.values(l.external_lot_ids ?? {})[0]);
    expect(new Set(boMarks).size).toBe(expected.size);
    // Each BrickOwl lot in BrickOwl's colour, as its colour list maps the part's BrickLink colour.
    const boColours = new Set(bo.colours.map((c) => String(c.id)));
    expect([...bo.lots.values()].filter((l) => !boColours.has(l.color_id ?? ''))).toEqual([]);
  };

  it('an upload whose server is SIGKILLed mid-create is finished by the other, each lot once', async () => {
    const store = async (server: ServerProcess, platform: string, credentials: object) => {
      const attributes = { name: platform, platform, external_id: 'teststore', credentials };
      const res = await api(server, 'POST', '/api/v2/stores', {
        data: { type: 'stores', attributes },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return Number((res.body.data as { id: string }).id);
    };
    blStore = await store(servers[0], 'BRICKLINK', blStoreCredentials());
    boStore = await store(servers[1], 'BRICKOWL', { api_key: FAKE_BRICKOWL_KEY });
    // Part items, kept in a location with far more than the batch offers (demo orders may hold a
    // few back); those no demo order names come first (the stock test lowers them alone).
    const { rows: items } = await sql<{ id: number; bl: string; ordered: boolean }>`
      select i.id, m.bl_mold_id as bl,
        exists (select 1 from order_items oi where oi.item_id = i.id) as ordered
      from items i join moulds m on m.id = i.mold_id join colours c on c.id = i.colour_id
      where i.company_id = (select company_id from users where email = 'syncer@demo.test')
        and m.type_id = 2 and m.bl_mold_id is not null and c.bl_colour_id is not null
      order by ordered, i.id limit ${ITEMS}`.execute(db());
    expect(items).toHaveLength(ITEMS);
    expect(items.slice(0, 65).filter((i) => i.ordered)).toEqual([]);
    lots = items.map((i, n) => ({ itemId: i.id, quantity: 3 + (n % 7), price: 125 + n }));
    await setStock(
      lots.map((l) => l.itemId),
      () => STOCK,
    );
    // A batch without prices: they come with the upload request.
    const { rows } = await sql<{ id: number }>`insert into sync_batches
        (company_id, name, date_of_creation)
      select company_id, 'fault upload', ${now()} from items where id = ${items[0].id}
      returning id`.execute(db());
    const batch = rows[0];
    await sql`insert into sync_batch_items (company_id, sync_batch_id, item_id, bl_item_id, quantity)
      select i.company_id, ${batch.id}, i.id, q.bl, q.n
      from unnest(${items.map((i) => i.id)}::int[], ${items.map((i) => i.bl)}::text[],
        ${lots.map((l) => l.quantity)}::int[]) as q(item_id, bl, n)
      join items i on i.id = q.item_id`.execute(db());

    // Slow marketplaces, so that the BrickLink upload is caught between its create and its record.
    await delay(300);
    const upload = await api(servers[0], 'POST', `/api/v1/sync_batch_upload?batch_id=${batch.id}`, {
      items: lots.map((l) => ({ item_id: l.itemId, price: l.price, quantity: l.quantity })),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    const blJob = (await jobsOf('upload')).find((j) => j.store_id === blStore)!;
    const holder = await until('BrickLink lots sent beside lots recorded', 30_000, async () => {
      const [job] = (await jobsOf('upload')).filter((j) => j.id === blJob.id);
      expect(job.status, job.error ?? '').not.toBe('done');
      const { rows: states } = await sql<{ state: string }>`
        select state from job_items where job_id = ${blJob.id}`.execute(db());
      const sent = states.filter((s) => s.state === 'sent').length;
      const done = states.filter((s) => s.state === 'done').length;
      return job.claimed_by && sent > 0 && done > 0
        ? { by: job.claimed_by, sent, done }
        : undefined;
    });
    const victim = servers.findIndex((s) => holder.by.endsWith(`#${s.child.pid}`));
    expect(victim).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    await servers[victim].kill();
    const blAtKill = bl.inventory.size;
    await delay(20);

    // Only the other server is left: it takes the job over once the lease has lapsed.
    const status = await until('the upload jobs ended', 90_000, async () => {
      if ((await openJobs('upload')).length > 0) return undefined;
      const { rows: found } = await sql<{ status: string }>`
        select status from sync_batches where id = ${batch.id}`.execute(db());
      return ['uploaded', 'failed'].includes(found[0].status) ? found[0].status : undefined;
    });
    const tookOver = Date.now() - killedAt;
    expect(status).toBe('uploaded');
    const uploads = await jobsOf('upload');
    expect(uploads.map((j) => [j.store_id, j.status, j.error])).toEqual([
      [blStore, 'done', null],
      [boStore, 'done', null],
    ]);
    expect(uploads.find((j) => j.id === blJob.id)!.attempts).toBe(2);
    // Not before the lease lapsed (renewed every third of it, so at least two thirds were left).
    expect(tookOver).toBeGreaterThan(((LEASE_SECONDS * 2) / 3) * 1000 - 500);
    await expectLots(new Map(lots.map((l) => [l.itemId, l])));

    // The killed server comes back (on the same database) for the stock syncs.
    servers[victim] = await start('0');
    console.info(
      `marketplace jobs: SIGKILL with ${holder.done} BrickLink lots recorded, ${holder.sent} sent ` +
        `(${blAtKill} on the store); taken over after ${tookOver} ms`,
    );
  }, 150_000);

  it('stock and price changes, syncs asked for at both servers: each change lands once', async () => {
    expect(lots).toHaveLength(ITEMS);
    const priced = lots.slice(0, 30).map((l) => l.itemId);
    const lowered = lots.slice(20, 60).map((l) => l.itemId);
    const emptied = lots.slice(60, 65).map((l) => l.itemId);
    const expected = new Map(lots.map((l) => [l.itemId, { quantity: l.quantity, price: l.price }]));

    // New prices through the API, at both servers, for both stores' items.
    let n = 0;
    for (const storeId of [blStore, boStore]) {
      for (const row of (await storeItems(storeId)).filter((r) => priced.includes(r.item_id))) {
        const price = row.store_price + 1000;
        const res = await api(servers[n++ % 2], 'PUT', '/api/v1/stock_store_item', {
          id: row.id,
          item_id: row.item_id,
          store_quantity: row.store_quantity,
          store_price: price,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expected.get(row.item_id)!.price = price;
      }
    }
    // Stock found missing: the syncs lower the offers to it; an item at 0 leaves the stores.
    const byItem = new Map(lots.map((l) => [l.itemId, l.quantity]));
    await setStock(lowered, (id) => byItem.get(id)! - 2);
    await setStock(emptied, () => 0);
    for (const id of lowered) expected.get(id)!.quantity -= 2;
    for (const id of emptied) expected.delete(id);

    await delay(30);
    // Watch the jobs table while the syncs run: never two running stock syncs of one store.
    let watching = true;
    let samples = 0;
    const overlaps: string[] = [];
    const seenRunning = new Set<number>();
    const watcher = (async () => {
      while (watching) {
        const { rows: running } = await sql<{ id: number; store_id: number }>`
          select id, store_id from jobs where kind = 'stock_sync' and status = 'running'`.execute(
          db(),
        );
        samples += 1;
        for (const j of running) seenRunning.add(j.id);
        const stores = running.map((j) => j.store_id);
        if (new Set(stores).size < stores.length) overlaps.push(JSON.stringify(running));
        await sleep(10);
      }
    })();
    const blCalls = bl.calls;
    const ask = (server: ServerProcess) => api(server, 'POST', '/api/v1/stock_sync', {});
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all([0, 1, 0, 1].map((i) => ask(servers[i])));
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
      await sleep(100);
    }
    await until('the stock syncs ended', 60_000, async () =>
      (await openJobs('stock_sync')).length === 0 ? true : undefined,
    );
    watching = false;
    await watcher;

    const syncs = await jobsOf('stock_sync');
    expect(syncs.filter((j) => j.status !== 'done').map((j) => [j.id, j.status, j.error])).toEqual(
      [],
    );
    expect(new Set(syncs.map((j) => j.store_id))).toEqual(new Set([blStore, boStore]));
    expect(overlaps).toEqual([]);
    expect(seenRunning.size).toBeGreaterThan(0);
    await expectLots(expected);
    // One BrickLink call per changed lot (an update, or a delete for an emptied one), none twice.
    expect(bl.calls - blCalls).toBe(new Set([...priced, ...lowered]).size + emptied.length);
    console.info(
      `marketplace jobs: ${syncs.length} stock syncs for 2 stores, ${samples} samples, ` +
        `${bl.calls} BrickLink calls, ${bo.requests} BrickOwl requests`,
    );
  }, 90_000);
});
