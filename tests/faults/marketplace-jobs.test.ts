// Marketplace jobs are exactly-once across two real server processes on one PostgreSQL database:
// an upload whose server is SIGKILLed mid-create is finished by the other server once the lease
// lapses (60 s, not settable), with every lot on each fake marketplace once; then stock and price
// changes, with stock syncs asked for many times at both servers, reach each lot exactly once
// (quantities travel as deltas, so a change sent twice would show), one job per store at a time.
// The fakes sit behind delaying proxies so that the jobs are slow enough to be caught running.
// Skipped like the other PostgreSQL suites when PostgreSQL is not reachable.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db';
import {
  FAKE_BRICKLINK_CREDENTIALS,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../support/fake-bricklink';
import { FAKE_BRICKOWL_KEY, startFakeBrickOwl, type FakeBrickOwl } from '../support/fake-brickowl';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { signIn, startServerProcess, type ServerProcess } from '../support/server-process';

const baseUrl = process.env.TEST_POSTGRES_URL;
const ITEMS = 200;
const STOCK = 1000;
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
  const dbName = `bw_mkt_${randomBytes(6).toString('hex')}`;
  const url = new URL(baseUrl ?? 'postgres://localhost/x');
  url.pathname = `/${dbName}`;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let bl: FakeBrickLink;
  let bo: FakeBrickOwl;
  let blProxy: FaultProxy;
  let boProxy: FaultProxy;
  let database: Db;
  let env: Record<string, string>;
  let auth: string;
  let company: number;
  let blStore: number;
  let boStore: number;
  /** The batch's lots: item, quantity, price (thousandths). */
  let lots: { itemId: number; quantity: number; price: number }[] = [];

  const start = async (seed: '1' | '0') => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brick-mkt-'));
    dataDirs.push(dataDir);
    return startServerProcess({
      dataDir,
      databaseUrl: url.toString(),
      env: { ...env, SEED_DEMO: seed },
    });
  };

  const api = async (server: ServerProcess, method: string, path: string, body: unknown) => {
    const json = path.startsWith('/api/v2/');
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: auth,
        'content-type': json ? 'application/vnd.api+json' : 'application/json',
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
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
      BRICKLINK_API_URL: `${blProxy.url}${new URL(bl.url).pathname}`,
      BRICKOWL_API_URL: `${boProxy.url}${new URL(bo.url).pathname}`,
    };
    // One after the other: the first migrates and loads the demo data, the second finds them.
    servers.push(await start('1'), await start('0'));
    database = openDatabase({ databaseUrl: url.toString(), dataDir: dataDirs[0] });
    auth = `Bearer ${(await signIn(servers[0].url, 'syncer@demo.test')).access_token}`;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
    await blProxy?.close();
    await boProxy?.close();
    await bl?.close();
    await bo?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The item's stock: exactly `quantity`, in one of the company's locations. */
  const setStock = async (itemIds: number[], quantity: (itemId: number) => number) => {
    const db = database.db;
    const location = await db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', company)
      .where('parent_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('items')
      .select(['id', 'colour_id'])
      .where('id', 'in', itemIds)
      .execute();
    await db.deleteFrom('location_content').where('item_id', 'in', itemIds).execute();
    await db
      .insertInto('location_content')
      .values(
        items.map((i) => ({
          company_id: company,
          location_id: location.id,
          item_id: i.id,
          colour_id: i.colour_id,
          quantity: quantity(i.id),
          updated_at: new Date().toISOString(),
        })),
      )
      .execute();
  };

  const jobsOf = (kind: string) =>
    database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

  const storeItems = (storeId: number) =>
    database.db.selectFrom('store_items').selectAll().where('store_id', '=', storeId).execute();

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
        if (storeId === blStore) {
          const l = bl.inventory.get(Number(lot));
          return l && { quantity: l.quantity, price: Number(l.unit_price) };
        }
        const l = bo.lots.get(lot);
        return l && { quantity: Number(l.quantity), price: Number(l.price) };
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
  };

  it('an upload whose server is SIGKILLed mid-create is finished by the other, each lot once', async () => {
    const c = FAKE_BRICKLINK_CREDENTIALS;
    const store = async (server: ServerProcess, platform: string, credentials: object) => {
      const res = await api(server, 'POST', '/api/v2/stores', {
        data: {
          type: 'stores',
          attributes: {
            name: `${platform} store`,
            platform,
            external_id: 'teststore',
            credentials,
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return Number((res.body.data as { id: string }).id);
    };
    blStore = await store(servers[0], 'BRICKLINK', {
      consumer_key: c.consumerKey,
      consumer_secret: c.consumerSecret,
      token_key: c.tokenValue,
      token_secret: c.tokenSecret,
    });
    boStore = await store(servers[1], 'BRICKOWL', { api_key: FAKE_BRICKOWL_KEY });
    const db = database.db;
    // The demo catalog has no BrickOwl colour ids: give every colour one, as a real catalog has.
    await db
      .updateTable('colours')
      .set((eb) => ({ brickowl_colour_id: eb('id', '+', 100) }))
      .execute();

    // Part items kept in a location with far more than the batch offers (demo orders may hold a
    // few back); those no demo order names come first (the stock test lowers them alone).
    company = (
      await db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'syncer@demo.test')
        .executeTakeFirstOrThrow()
    ).company_id;
    const items = await db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(({ exists, selectFrom }) => [
        'i.id',
        'm.bl_mold_id',
        exists(
          selectFrom('order_items as oi').select('oi.id').whereRef('oi.item_id', '=', 'i.id'),
        ).as('ordered'),
      ])
      .where('i.company_id', '=', company)
      .where('m.type_id', '=', 2)
      .where('m.bl_mold_id', 'is not', null)
      .where('c.bl_colour_id', 'is not', null)
      .orderBy('ordered')
      .orderBy('i.id')
      .limit(ITEMS)
      .execute();
    expect(items).toHaveLength(ITEMS);
    expect(items.slice(0, 65).filter((i) => i.ordered)).toEqual([]);
    lots = items.map((i, n) => ({ itemId: i.id, quantity: 3 + (n % 7), price: 125 + n }));
    await setStock(
      lots.map((l) => l.itemId),
      () => STOCK,
    );
    const batch = await db
      .insertInto('sync_batches')
      .values({
        company_id: company,
        name: 'fault upload',
        date_of_creation: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sync_batch_items')
      .values(
        items.map((i, n) => ({
          company_id: company,
          sync_batch_id: batch.id,
          item_id: i.id,
          bl_item_id: i.bl_mold_id,
          quantity: lots[n].quantity,
          uploaded_at: null,
        })),
      )
      .execute();

    // Slow marketplaces, so that the BrickLink upload is caught between its create and its record.
    await blProxy.setMode({ delayMs: 300 });
    await boProxy.setMode({ delayMs: 300 });
    const upload = await api(servers[0], 'POST', `/api/v1/sync_batch_upload?batch_id=${batch.id}`, {
      items: lots.map((l) => ({ item_id: l.itemId, price: l.price, quantity: l.quantity })),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(202);
    const blJob = (await jobsOf('upload')).find((j) => j.store_id === blStore)!;
    const holder = await until('BrickLink lots sent beside lots recorded', 30_000, async () => {
      const job = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', blJob.id)
        .executeTakeFirstOrThrow();
      expect(job.status, job.error ?? '').not.toBe('done');
      const states = await db
        .selectFrom('job_items')
        .select('state')
        .where('job_id', '=', blJob.id)
        .execute();
      const sent = states.filter((s) => s.state === 'sent').length;
      const done = states.filter((s) => s.state === 'done').length;
      return job.claimed_by && sent > 0 && done > 0 ? job.claimed_by : undefined;
    });
    const victim = servers.findIndex((s) => holder.endsWith(`#${s.child.pid}`));
    expect(victim).toBeGreaterThanOrEqual(0);
    const killedAt = Date.now();
    await servers[victim].kill();
    await blProxy.setMode({ delayMs: 20 });
    await boProxy.setMode({ delayMs: 20 });

    // Only the other server is left: it takes the job over once the lease has lapsed.
    // (The last job settles the batch just before it records itself done: wait for both.)
    const status = await until('the upload jobs ended', 90_000, async () => {
      const open = (await jobsOf('upload')).filter((j) => ['queued', 'running'].includes(j.status));
      if (open.length > 0) return undefined;
      const row = await db
        .selectFrom('sync_batches')
        .select('status')
        .where('id', '=', batch.id)
        .executeTakeFirstOrThrow();
      return row.status === 'uploaded' || row.status === 'failed' ? row.status : undefined;
    });
    const tookOver = Date.now() - killedAt;
    expect(status).toBe('uploaded');
    const uploads = await jobsOf('upload');
    expect(uploads.map((j) => [j.store_id, j.status, j.error])).toEqual([
      [blStore, 'done', null],
      [boStore, 'done', null],
    ]);
    expect(uploads.find((j) => j.id === blJob.id)!.attempts).toBe(2);
    expect(tookOver).toBeGreaterThan(30_000); // not before the lease lapsed
    await expectLots(new Map(lots.map((l) => [l.itemId, l])));

    // The killed server comes back (on the same database) for the stock syncs.
    servers[victim] = await start('0');
    console.info(
      `marketplace jobs: SIGKILL of the upload's server, taken over after ${tookOver} ms`,
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

    await blProxy.setMode({ delayMs: 30 });
    await boProxy.setMode({ delayMs: 30 });
    // Watch the jobs table while the syncs run: never two running stock syncs of one store.
    let watching = true;
    let samples = 0;
    const overlaps: string[] = [];
    const seenRunning = new Set<number>();
    const watcher = (async () => {
      while (watching) {
        const running = await database.db
          .selectFrom('jobs')
          .select(['id', 'store_id'])
          .where('kind', '=', 'stock_sync')
          .where('status', '=', 'running')
          .execute();
        samples += 1;
        for (const j of running) seenRunning.add(j.id);
        const stores = running.map((j) => j.store_id);
        if (new Set(stores).size < stores.length) overlaps.push(JSON.stringify(running));
        await sleep(10);
      }
    })();
    const ask = (server: ServerProcess) => api(server, 'POST', '/api/v1/stock_sync', {});
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all([0, 1, 0, 1].map((i) => ask(servers[i])));
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
      await sleep(100);
    }
    await until('the stock syncs ended', 60_000, async () => {
      const open = (await jobsOf('stock_sync')).filter((j) =>
        ['queued', 'running'].includes(j.status),
      );
      return open.length === 0 ? true : undefined;
    });
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
    console.info(
      `marketplace jobs: ${syncs.length} stock syncs for 2 stores, ${samples} samples, ` +
        `${bl.calls} BrickLink calls, ${bo.requests} BrickOwl requests`,
    );
  }, 90_000);
});
