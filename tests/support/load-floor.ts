// A running server (child process) on SQLite or PostgreSQL with a floor for load benches: many
// pickers, each holding a claimed order of its own, all picking from one deep stock row, and an
// order manager for the office's reads.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { PickingStatus } from '../../contract/orders';
import { openDatabase, type Db, type DialectName } from '../../server/db';
import type { Database } from '../../server/db/schema';
import { makeFloor, makeOrder, orderItemId, type Floor } from '../../server/test/orders-fixture';
import { startBalancer, type Balancer } from './balancer';
import { startCaddy, type Caddy } from './caddy';
import { createPostgresDb } from './postgres-db';
import { startServerProcess, type ServerProcess } from './server-process';

export const STOCK = 10_000_000;

export interface LoadPicker {
  auth: string;
  userId: number;
  orderId: number;
  /** pick.confirm.v1 args for one piece of the picker's order. */
  pickArgs: { order_id: number; order_item_id: number; location_id: number; quantity: 1 };
}

export interface LoadFloor {
  dialect: DialectName;
  /** Where clients send requests: the server, or the balancer or Caddy in front of several. */
  url: string;
  /** fetch for `url` (behind Caddy: one that trusts Caddy's local root). */
  fetch: (
    url: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
  /** The server processes (several share one PostgreSQL database behind `balancer` or `caddy`). */
  servers: ServerProcess[];
  balancer?: Balancer;
  caddy?: Caddy;
  database: Db;
  floor: Floor;
  pickers: LoadPicker[];
  /** Bearer header of an order manager (reads the order list). */
  office: string;
  /** Stock of the pickers' item left, over every bin they take from. */
  stockLeft(): Promise<number>;
  /** Sum of quantity_picked over the pickers' orders. */
  pickedTotal(): Promise<number>;
  close(): Promise<void>;
}

const postgresBase = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** True when the PostgreSQL server of the tests answers. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresBase(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Where the pickers take from: 'one bin' (all from one stock row, STOCK pieces: the worst case,
 * every pick of the company changes the same row) or 'own bins' (each picker from a bin of its
 * own holding its share of STOCK, as pickers of different orders usually are).
 */
export type LoadBins = 'one bin' | 'own bins';

/**
 * What stands in front of several servers: the tests' round-robin TCP balancer, or Debian's Caddy
 * with deploy/Caddyfile (HTTPS with its local CA on this machine's network address), as a
 * warehouse deploys them.
 */
export type LoadFront = 'balancer' | 'caddy';

/**
 * Starts the server on a fresh database of `dialect` and prepares `pickers` pickers whose orders
 * each ask for `perOrder` pieces of one item, stocked as `bins` says. With `servers` > 1
 * (PostgreSQL only) that many server processes share the database behind `front`: a round-robin
 * balancer (one connection to the next server in turn) or Caddy.
 */
export async function startLoadFloor(
  dialect: DialectName,
  pickers: number,
  perOrder: number,
  servers = 1,
  bins: LoadBins = 'one bin',
  front: LoadFront = 'balancer',
): Promise<LoadFloor> {
  if (servers > 1 && dialect !== 'postgres') throw new Error('several servers need PostgreSQL');
  const dataDir = mkdtempSync(join(tmpdir(), `brick-load-${dialect}-`));
  const pgDb =
    dialect === 'postgres' ? await createPostgresDb(postgresBase(), 'bw_bench') : undefined;
  const jwtSecret = randomBytes(32).toString('base64url');
  const credentialKey = randomBytes(32).toString('base64url');
  const processes: ServerProcess[] = [];
  for (let i = 0; i < servers; i++) {
    // One after the other: the first migrates the database.
    processes.push(
      await startServerProcess({
        dataDir,
        databaseUrl: pgDb?.url,
        // A busy machine may take long to compile and start the server.
        timeoutMs: 180_000,
        env: {
          SEED_DEMO: '0',
          JWT_SECRET: jwtSecret,
          CREDENTIAL_KEY: credentialKey,
          LOG_STDOUT: '0',
          ...(front === 'caddy' ? { TRUST_PROXY: '1' } : {}),
        },
      }),
    );
  }
  const upstreams = processes.map((p) => ({ host: '127.0.0.1', port: p.port }));
  const balancer = servers > 1 && front === 'balancer' ? await startBalancer(upstreams) : undefined;
  const caddy =
    servers > 1 && front === 'caddy'
      ? await startCaddy({ upstreams: upstreams.map((u) => `${u.host}:${u.port}`) })
      : undefined;
  const database = openDatabase({ databaseUrl: pgDb?.url, dataDir });
  const db = database.db;
  const floor = await makeFloor(db, jwtSecret, `Load ${randomUUID().slice(0, 8)}`);
  const item = floor.items.a;
  const binOf = await stockTheBins(db, floor, bins === 'one bin' ? 1 : pickers);
  const list: LoadPicker[] = [];
  for (let i = 0; i < pickers; i++) {
    const { auth, userId } = await floor.as('picker', `picker${i}`);
    const orderId = await makeOrder(db, floor.companyId, {
      items: [[item, perOrder]],
      pickingStatusId: PickingStatus.BEING_PICKED,
      claimedBy: userId,
    });
    list.push({
      auth,
      userId,
      orderId,
      pickArgs: {
        order_id: orderId,
        order_item_id: await orderItemId(db, orderId, item),
        location_id: binOf(i),
        quantity: 1,
      },
    });
  }
  const office = (await floor.as('order_manager', 'office')).auth;
  const orderIds = list.map((p) => p.orderId);
  return {
    dialect,
    url: caddy?.url ?? balancer?.url ?? processes[0].url,
    fetch: caddy?.fetch ?? ((url, init) => fetch(url, init)),
    servers: processes,
    balancer,
    caddy,
    database,
    floor,
    pickers: list,
    office,
    stockLeft: async () => {
      const row = await db
        .selectFrom('location_content')
        .select((eb) => eb.fn.sum<number>('quantity').as('total'))
        .where('company_id', '=', floor.companyId)
        .where('item_id', '=', item)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },
    pickedTotal: async () => {
      const row = await db
        .selectFrom('order_items')
        .select((eb) => eb.fn.sum<number>('quantity_picked').as('total'))
        .where('order_id', 'in', orderIds)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },
    async close() {
      await balancer?.close();
      await caddy?.stop();
      for (const p of processes) await p.stop();
      await database.destroy();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Puts STOCK pieces of item a in `count` bins, STOCK / count each (one: the fixture's bin A2-B1;
 * more: that bin and new bins beside it), and nothing of item a anywhere else; picker i takes from
 * the bin `binOf(i)` answers.
 */
async function stockTheBins(
  db: Kysely<Database>,
  floor: Floor,
  count: number,
): Promise<(i: number) => number> {
  const first = floor.bins.a2b1;
  const item = floor.items.a;
  const bin = await db
    .selectFrom('locations')
    .selectAll()
    .where('id', '=', first)
    .executeTakeFirstOrThrow();
  const bins = [first];
  for (let i = 1; i < count; i++) {
    const { id } = await db
      .insertInto('locations')
      .values({
        ...bin,
        id: undefined,
        name: `Bin ${i + 1}`,
        code: `F-A2-L${i + 1}`,
        sort_order: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bins.push(id);
  }
  await db
    .deleteFrom('location_content')
    .where('company_id', '=', floor.companyId)
    .where('item_id', '=', item)
    .execute();
  const row = await db
    .selectFrom('location_content')
    .selectAll()
    .where('company_id', '=', floor.companyId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('location_content')
    .values(
      bins.map((location_id) => ({
        ...row,
        id: undefined,
        location_id,
        item_id: item,
        quantity: STOCK / count,
      })),
    )
    .execute();
  return (i) => bins[i % bins.length];
}

/** The q-quantile (0..1) of `values` (nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
