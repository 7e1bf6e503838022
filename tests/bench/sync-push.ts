import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { PickingMutation } from '../../contract/mutations/picking';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { stockAt } from '../../server/test/orders-fixture';
import { PUSH_CHUNK } from '../../server/sync/push';
import { claimedOrderFloor } from './pick-floor';
import { freshDataDir, median, type Bench, type BenchRow } from './support';

/** Picks per measurement; the contract's largest push is 500 mutations. */
const PICKS = 1000;
const BATCH = 500;
const SINGLE = 200;
/** Ceiling and push take turns this many times; the table shows the medians (a noisy machine). */
const ROUNDS = 5;
const STOCK = 100_000_000;
const GOAL_BATCHED = 5000;
const GOAL_SHARE = 0.5;

/** Picks per second of wall-clock time and per second of the process's CPU time. */
interface Rate {
  wall: number;
  cpu: number;
}

function timed<T>(picks: number, fn: () => T): T extends Promise<unknown> ? Promise<Rate> : Rate {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const rate = (): Rate => {
    const used = process.cpuUsage(cpu);
    return {
      wall: (picks / (performance.now() - wall)) * 1000,
      cpu: (picks / ((used.user + used.system) / 1000)) * 1000,
    };
  };
  const out = fn();
  return (out instanceof Promise ? out.then(rate) : rate()) as never;
}

interface PickFloor {
  app: App;
  dataDir: string;
  auth: string;
  companyId: number;
  userId: number;
  args: { order_id: number; order_item_id: number; location_id: number; quantity: number };
  itemId: number;
}

/** A claimed order of one item with a deep stock, in a SQLite database of its own. */
async function pickFloor(): Promise<PickFloor> {
  const dataDir = freshDataDir('sync-push');
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_STDOUT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    } as NodeJS.ProcessEnv),
    databaseUrl: undefined,
    staticDir: undefined,
  };
  const app = await buildApp(config);
  await app.ready();
  const { auth, userId, companyId, itemId, args } = await claimedOrderFloor(
    app.db,
    config.jwtSecret,
    STOCK,
  );
  return { app, dataDir, auth, companyId, userId, args, itemId };
}

/**
 * The pick transaction with nothing around it: better-sqlite3 prepared statements on the same
 * database file, the statements the pick rule runs (version, picked +1 guarded by the claim,
 * stock -1 guarded, the order restamped, the idempotency row). `perTransaction` picks share a
 * transaction, each in a savepoint when `savepoints` (the push's shape).
 */
function rawPicks(f: PickFloor, picks: number, perTransaction: number, savepoints: boolean) {
  const db = new SQLite(join(f.dataDir, 'warehouse.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('temp_store = MEMORY');
  const { order_id, order_item_id, location_id } = f.args;
  const version = db.prepare(`insert into company_sync_versions (company_id, version) values (?, 1)
    on conflict (company_id) do update set version = company_sync_versions.version + 1
    returning version`);
  const picked = db.prepare(`update order_items set quantity_picked = quantity_picked + 1,
    updated_at = ?, version = ? where id = ? and order_id = ? and company_id = ?
    and quantity_picked + 1 <= quantity_ordered and exists (select orders.id from orders
    where orders.id = order_items.order_id and orders.claimed_by_user_id = ?
    and orders.picking_status_id = 1) returning item_id`);
  const stock = db.prepare(`update location_content set quantity = quantity - 1, updated_at = ?,
    version = ? where company_id = ? and location_id = ? and item_id = ? and quantity - 1 >= 0
    returning quantity`);
  const order = db.prepare(
    'update orders set version = ?, updated_at = ? where id = ? and company_id = ?',
  );
  const record = db.prepare(`insert into applied_mutations (id, company_id, user_id, device_id,
    seq, name, status, code, message, created_at) values (?, ?, ?, 'raw', ?, ?, 'applied', null,
    null, ?) on conflict (id) do nothing returning id`);
  const [begin, commit, save, release] = ['begin', 'commit', 'savepoint m', 'release m'].map((s) =>
    db.prepare(s),
  );
  const rate = timed(picks, () => {
    for (let i = 0; i < picks; i++) {
      if (i % perTransaction === 0) begin.run();
      if (savepoints) save.run();
      const now = new Date().toISOString();
      record.get(randomUUID(), f.companyId, f.userId, i, PickingMutation.pick, now);
      const v = (version.get(f.companyId) as { version: number }).version;
      const row = picked.get(now, v, order_item_id, order_id, f.companyId, f.userId);
      if (!row) throw new Error('raw pick refused');
      if (!stock.get(now, v, f.companyId, location_id, f.itemId)) throw new Error('no stock');
      order.run(v, now, order_id, f.companyId);
      if (savepoints) release.run();
      if (i % perTransaction === perTransaction - 1 || i === picks - 1) commit.run();
    }
  });
  db.close();
  return rate;
}

/** Picks through POST /api/v1/sync/push in process (app.inject): auth, validation, the rule. */
function pushPicks(f: PickFloor, picks: number, batch: number, device: string): Promise<Rate> {
  let seq = 0;
  return timed(picks, async () => {
    for (let i = 0; i < picks; i += batch) {
      const mutations = Array.from({ length: Math.min(batch, picks - i) }, () => ({
        id: randomUUID(),
        seq: ++seq,
        name: PickingMutation.pick,
        args: f.args,
      }));
      const res = await f.app.inject({
        method: 'POST',
        url: '/api/v1/sync/push',
        headers: { authorization: f.auth },
        payload: { device_id: device, mutations },
      });
      const body = res.json() as { results: { status: string }[] };
      if (res.statusCode !== 200 || body.results.some((r) => r.status !== 'applied')) {
        throw new Error(`push failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
  });
}

/**
 * Push throughput of pick.confirm.v1 on SQLite (WAL, synchronous=NORMAL) against the raw SQLite
 * ceiling of the same pick transaction, measured in turns on one database so machine noise hits
 * both alike.
 */
export const syncPush: Bench = {
  name: 'sync-push',
  async run() {
    const f = await pickFloor();
    try {
      const stockBefore = await stockAt(f.app.db, f.args.location_id, f.itemId);
      // Warm up (JIT, statement caches).
      rawPicks(f, 200, PUSH_CHUNK, true);
      await pushPicks(f, 200, 100, 'bench-warmup');
      const ceilingTxn: Rate[] = [];
      const ceilingChunk: Rate[] = [];
      const batched: Rate[] = [];
      const single: Rate[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        ceilingTxn.push(rawPicks(f, PICKS, 1, false));
        ceilingChunk.push(rawPicks(f, PICKS, PUSH_CHUNK, true));
        batched.push(await pushPicks(f, PICKS, BATCH, `bench-batched-${r}`));
        single.push(await pushPicks(f, SINGLE, 1, `bench-single-${r}`));
      }
      const taken = stockBefore - (await stockAt(f.app.db, f.args.location_id, f.itemId));
      const expected = 200 + 200 + ROUNDS * (3 * PICKS + SINGLE);
      const wall = (rates: Rate[]) => median(rates.map((r) => r.wall));
      const cpu = (rates: Rate[]) => median(rates.map((r) => r.cpu));
      const rate = (v: number) => `${Math.round(v)} picks/s`;
      const cpuNote = (rates: Rate[]) => `${rate(cpu(rates))} of CPU time`;
      const share = wall(batched) / wall(ceilingChunk);
      const cpuShare = cpu(batched) / cpu(ceilingChunk);
      const rows: BenchRow[] = [
        {
          bench: 'sync-push',
          measure: 'raw SQLite ceiling: one transaction per pick',
          value: rate(wall(ceilingTxn)),
          note: `${cpuNote(ceilingTxn)}; prepared statements, no server`,
        },
        {
          bench: 'sync-push',
          measure: `raw SQLite ceiling: ${PUSH_CHUNK} picks per transaction, savepoint each`,
          value: rate(wall(ceilingChunk)),
          note: `${cpuNote(ceilingChunk)}; the push's own transaction shape`,
        },
        {
          bench: 'sync-push',
          measure: `push, ${BATCH} picks per request (in process)`,
          value: rate(wall(batched)),
          goal: `>= ${GOAL_BATCHED} picks/s`,
          ok: wall(batched) >= GOAL_BATCHED,
          note: `${cpuNote(batched)}; auth, validation, idempotency, the pick rule`,
        },
        {
          bench: 'sync-push',
          measure: `push, batched, share of the ${PUSH_CHUNK}-per-transaction ceiling`,
          value: `${Math.round(share * 100)}%`,
          goal: `>= ${GOAL_SHARE * 100}%`,
          ok: share >= GOAL_SHARE,
          note: `${Math.round(cpuShare * 100)}% by CPU time; medians of ${ROUNDS} turns`,
        },
        {
          bench: 'sync-push',
          measure: 'push, 1 pick per request, sequential',
          value: rate(wall(single)),
          note: `${cpuNote(single)}; stock taken ${taken}, expected ${expected}${taken === expected ? '' : ' MISMATCH'}`,
        },
      ];
      return rows;
    } finally {
      await f.app.close();
      rmSync(f.dataDir, { recursive: true, force: true });
    }
  },
};

// `npx tsx tests/bench/sync-push.ts` runs it alone.
if (process.argv[1]?.endsWith('sync-push.ts')) {
  for (const row of await syncPush.run()) {
    console.log(`${row.measure}: ${row.value}${row.goal ? ` (goal ${row.goal})` : ''}`);
  }
}
