import { randomUUID } from 'node:crypto';
import { PickingMutation } from '../../contract/mutations/picking';
import type { DialectName } from '../../server/db';
import { backoffDelay, parseRetryAfter } from '../../src/offline/transport';
import { requireCaddy } from '../support/caddy';
import {
  postgresReachable,
  quantile,
  startLoadFloor,
  STOCK,
  type LoadFloor,
  type LoadFront,
} from '../support/load-floor';
import { onEachSetup, type Bench, type BenchRow } from './support';

const DEVICES = Number(process.env.HERD_DEVICES ?? 100);
const WRITES = Number(process.env.HERD_WRITES ?? 200);
/** The device engine's push batch (PUSH_BATCH_SIZE in src/offline/push.ts). */
const BATCH = 100;
const GOAL_MS = 10_000;
/** Concurrent loops of the other users (the office) during the herd. */
const OFFICE_LOOPS = 4;
const QUIET_MS = 3000;
/** Devices give up after this long (HERD_LIMIT_SECONDS), so a slow server ends the run too. */
const LIMIT_MS = Number(process.env.HERD_LIMIT_SECONDS ?? 60) * 1000;

interface Timed {
  ms: number;
  status: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed(fn: () => Promise<Response>): Promise<Timed> {
  const t = performance.now();
  try {
    const res = await fn();
    await res.arrayBuffer();
    return { ms: performance.now() - t, status: res.status };
  } catch {
    return { ms: performance.now() - t, status: 0 };
  }
}

/** The office's requests (GET /api/health, the order list) until `stop()` is true. */
async function office(floor: LoadFloor, stop: () => boolean) {
  const { url, fetch } = floor;
  const auth = floor.office;
  const health: Timed[] = [];
  const list: Timed[] = [];
  await Promise.all(
    Array.from({ length: OFFICE_LOOPS }, async () => {
      while (!stop()) {
        health.push(await timed(() => fetch(`${url}/api/health`)));
        list.push(
          await timed(() => fetch(`${url}/api/v1/order`, { headers: { authorization: auth } })),
        );
      }
    }),
  );
  return { health, list };
}

const p99 = (t: Timed[]) =>
  Math.round(
    quantile(
      t.map((x) => x.ms),
      0.99,
    ),
  );
const bad = (t: Timed[]) => t.filter((x) => x.status === 0 || x.status >= 500).length;

/**
 * The warehouse access point comes back: 100 devices, each holding 200 queued picks, push at the
 * same moment, as the engine does (batches of 100 in seq order; network errors, 5xx, 429 and 503
 * retried with the engine's backoff and Retry-After; a mutation without a final result sent
 * again). Meanwhile the office keeps calling GET /api/health and the order list. Every write must
 * be applied once within 10 s with no 5xx, and the office still answered (p99 beside the quiet
 * p99 measured just before).
 */
async function runOn(
  dialect: DialectName,
  servers = 1,
  front: LoadFront = 'balancer',
): Promise<BenchRow[]> {
  const via = front === 'caddy' ? ', HTTPS through Caddy' : '';
  const bench = `herd [${dialect}${servers > 1 ? ` ×${servers} servers` : ''}${via}]`;
  if (dialect === 'postgres' && !(await postgresReachable())) {
    return [{ bench, measure: 'skipped', value: '-', note: 'PostgreSQL is not reachable' }];
  }
  if (front === 'caddy') {
    try {
      requireCaddy();
    } catch (err) {
      return [{ bench, measure: 'skipped', value: '-', note: (err as Error).message }];
    }
  }
  const floor = await startLoadFloor(dialect, DEVICES, WRITES, servers, 'one bin', front);
  const { url, fetch } = floor;
  try {
    // The quiet baseline of the office's requests.
    const quietUntil = performance.now() + QUIET_MS;
    const quiet = await office(floor, () => performance.now() > quietUntil);

    const queues = floor.pickers.map((picker) => ({
      picker,
      device: `herd-${randomUUID()}`,
      entries: Array.from({ length: WRITES }, (_, i) => ({
        id: randomUUID(),
        seq: i + 1,
        name: PickingMutation.pick,
        args: picker.pickArgs,
      })),
    }));
    const pushes: Timed[] = [];
    let applied = 0;
    let rejected = 0;
    let retried = 0;
    let herdDone = false;
    const started = performance.now();
    const officeDuring = office(floor, () => herdDone);
    const doneAt = await Promise.all(
      queues.map(async (q) => {
        let attempt = 0;
        while (q.entries.length > 0 && performance.now() - started < LIMIT_MS) {
          const batch = q.entries.slice(0, BATCH);
          const t = performance.now();
          let status = 0;
          let retryAfter: number | undefined;
          let results: { id: string; status: string }[] = [];
          try {
            const res = await fetch(`${url}/api/v1/sync/push`, {
              method: 'POST',
              headers: { authorization: q.picker.auth, 'content-type': 'application/json' },
              body: JSON.stringify({ device_id: q.device, mutations: batch }),
            });
            status = res.status;
            retryAfter = parseRetryAfter(res.headers.get('Retry-After'), Date.now());
            const body = (await res.json()) as { results?: typeof results };
            if (res.ok) results = body.results ?? [];
          } catch {
            // network error
          }
          pushes.push({ ms: performance.now() - t, status });
          const final = new Set<string>();
          for (const r of results) {
            if (r.status === 'applied') applied++;
            else if (r.status === 'rejected') rejected++;
            else continue; // 'failed': send again
            final.add(r.id);
          }
          q.entries = q.entries.filter((e) => !final.has(e.id));
          if (final.size < batch.length) {
            retried++;
            await sleep(backoffDelay(++attempt, Math.random, retryAfter));
          } else attempt = 0;
        }
        return performance.now() - started;
      }),
    );
    herdDone = true;
    const during = await officeDuring;
    const herdMs = Math.max(...doneAt);
    const total = DEVICES * WRITES;
    const fiveXx = pushes.filter((p) => p.status >= 500).length;
    const taken = STOCK - (await floor.stockLeft());
    const picked = await floor.pickedTotal();
    const officeBad = bad(during.health) + bad(during.list);
    return [
      {
        bench,
        measure: `${DEVICES} devices × ${WRITES} writes: all applied in`,
        value: `${Math.round(herdMs)} ms`,
        goal: `≤ ${GOAL_MS} ms`,
        ok: herdMs <= GOAL_MS && applied === total,
        note: `${applied} applied, ${rejected} rejected, ${pushes.length} pushes (${retried} retried), ${Math.round((applied / herdMs) * 1000)} writes/s`,
      },
      {
        bench,
        measure: 'pushes answered 5xx / network error',
        value: `${fiveXx} / ${pushes.filter((p) => p.status === 0).length}`,
        goal: '0 5xx',
        ok: fiveXx === 0,
        note: `429/503 with Retry-After: ${pushes.filter((p) => p.status === 429 || p.status === 503).length}; push p99 ${p99(pushes)} ms`,
      },
      {
        bench,
        measure: 'applied once (stock taken / picked / applied)',
        value: `${taken} / ${picked} / ${applied}`,
        goal: String(total),
        ok: taken === applied && picked === applied && applied === total,
        note: applied < total ? `only ${applied} applied within ${LIMIT_MS / 1000} s` : undefined,
      },
      {
        bench,
        measure: 'office GET /api/health p99 quiet → herd',
        value: `${p99(quiet.health)} → ${p99(during.health)} ms`,
        ok: bad(during.health) === 0,
        note: `${during.health.length} requests during the herd, max ${Math.round(
          quantile(
            during.health.map((x) => x.ms),
            1,
          ),
        )} ms`,
      },
      {
        bench,
        measure: 'office GET /api/v1/order p99 quiet → herd',
        value: `${p99(quiet.list)} → ${p99(during.list)} ms`,
        ok: bad(during.list) === 0,
        note: `${during.list.length} requests during the herd; office errors ${officeBad}`,
      },
    ];
  } finally {
    await floor.close();
  }
}

export const herd: Bench = {
  name: 'herd',
  run: async () => {
    const rows = await onEachSetup(runOn);
    // And as a warehouse deploys several servers: Caddy with deploy/Caddyfile in front.
    if (process.env.BENCH_DATABASES !== 'sqlite')
      rows.push(...(await runOn('postgres', 2, 'caddy')));
    return rows;
  },
};

// `npx tsx tests/bench/herd.ts` runs it alone.
if (process.argv[1]?.endsWith('herd.ts')) {
  for (const row of await herd.run()) {
    console.log(
      `${row.bench} ${row.measure}: ${row.value} ${row.ok === false ? 'MISSED' : ''} ${row.note ?? ''}`,
    );
  }
}
