import { randomUUID } from 'node:crypto';
import { PickingMutation } from '../../contract/mutations/picking';
import type { DialectName } from '../../server/db';
import { startCpuMeter } from '../support/cpu-meter';
import {
  postgresReachable,
  quantile,
  startLoadFloor,
  STOCK,
  type LoadBins,
} from '../support/load-floor';
import { onEachSetup, type Bench, type BenchRow } from './support';

const PICKERS = 100;
/** LOAD_SECONDS shortens (or lengthens) the run; 5 minutes per database by default. */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
/**
 * Every n-th request of a picker is a pull of the orders collection from its cursor (the device's
 * pull after pushes); LOAD_PULL_EVERY changes it (a huge value: picks only).
 */
const PULL_EVERY = Number(process.env.LOAD_PULL_EVERY ?? 10);
/**
 * LOAD_BINS=own: each picker takes from a bin of its own; by default all take from one stock row
 * (the worst case: every pick of the company changes that row).
 */
const BINS: LoadBins = process.env.LOAD_BINS === 'own' ? 'own bins' : 'one bin';
const binsLabel = BINS === 'own bins' ? ', own bins' : '';

interface Sample {
  ms: number;
  kind: 'push' | 'pull';
  /** HTTP status, or 0 for a network error. */
  status: number;
  applied: number;
  rejected: number;
}

/**
 * 100 pickers working at once for SECONDS on one database: each, as fast as the server answers,
 * pushes one pick (pick.confirm.v1, quantity 1, fresh id, from its own device) and every tenth
 * request pulls the orders collection from its cursor. Throughput, p50/p99 and errors; afterwards
 * the stock taken must equal the picks applied (nothing applied twice, nothing lost).
 */
async function runOn(dialect: DialectName, servers = 1): Promise<BenchRow[]> {
  const bench = `load [${dialect}${servers > 1 ? ` ×${servers} servers` : ''}${binsLabel}]`;
  if (dialect === 'postgres' && !(await postgresReachable())) {
    return [{ bench, measure: 'skipped', value: '-', note: 'PostgreSQL is not reachable' }];
  }
  const floor = await startLoadFloor(dialect, PICKERS, STOCK / PICKERS, servers, BINS);
  const url = floor.url;
  const samples: Sample[] = [];
  try {
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpu = startCpuMeter(floor.servers.map((server) => server.child.pid ?? 0));
    await Promise.all(
      floor.pickers.map(async (picker) => {
        const device = `load-${randomUUID()}`;
        let seq = 0;
        let cursor = 0;
        for (let n = 1; performance.now() < until; n++) {
          const pull = n % PULL_EVERY === 0;
          const t = performance.now();
          const sample: Sample = {
            ms: 0,
            kind: pull ? 'pull' : 'push',
            status: 0,
            applied: 0,
            rejected: 0,
          };
          try {
            const res = pull
              ? await fetch(
                  `${url}/api/v1/sync/pull?collection=orders&cursor=${cursor}&limit=100`,
                  {
                    headers: { authorization: picker.auth },
                  },
                )
              : await fetch(`${url}/api/v1/sync/push`, {
                  method: 'POST',
                  headers: { authorization: picker.auth, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    device_id: device,
                    mutations: [
                      {
                        id: randomUUID(),
                        seq: ++seq,
                        name: PickingMutation.pick,
                        args: picker.pickArgs,
                      },
                    ],
                  }),
                });
            const body = (await res.json()) as {
              results?: { status: string }[];
              cursor?: number;
            };
            sample.status = res.status;
            if (pull && res.ok) cursor = body.cursor ?? cursor;
            for (const r of body.results ?? []) {
              if (r.status === 'applied') sample.applied++;
              else sample.rejected++;
            }
          } catch {
            // network error: status stays 0
          }
          sample.ms = performance.now() - t;
          samples.push(sample);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const spent = cpu.stop();
    const pushes = samples.filter((s) => s.kind === 'push');
    const applied = pushes.reduce((sum, s) => sum + s.applied, 0);
    const rejected = pushes.reduce((sum, s) => sum + s.rejected, 0);
    const errors = samples.filter((s) => s.status === 0 || s.status >= 500).length;
    const refused = samples.filter((s) => s.status >= 400 && s.status < 500).length;
    const taken = STOCK - (await floor.stockLeft());
    const picked = await floor.pickedTotal();
    const all = samples.map((s) => s.ms);
    const pushMs = pushes.map((s) => s.ms);
    const pullMs = samples.filter((s) => s.kind === 'pull').map((s) => s.ms);
    const run = `${PICKERS} pickers, ${Math.round(seconds)} s`;
    rates.set(bench, applied / seconds);
    const perPick = (cpuSeconds: number) => ((cpuSeconds * 1000) / applied).toFixed(2);
    return [
      {
        bench,
        measure: 'requests/s (picks + pulls)',
        value: `${Math.round(samples.length / seconds)}/s`,
        note: `${samples.length} requests, ${run}`,
      },
      {
        bench,
        measure: 'picks applied/s',
        value: `${Math.round(applied / seconds)}/s`,
        note: `${applied} applied, ${rejected} rejected`,
      },
      {
        bench,
        measure: 'latency p50 / p99 (all)',
        value: `${Math.round(quantile(all, 0.5))} / ${Math.round(quantile(all, 0.99))} ms`,
        note: `push p99 ${Math.round(quantile(pushMs, 0.99))} ms, pull p99 ${Math.round(quantile(pullMs, 0.99))} ms, max ${Math.round(quantile(all, 1))} ms`,
      },
      {
        bench,
        measure: 'CPU per pick: clients / server / PostgreSQL',
        value: `${perPick(spent.bench)} / ${perPick(spent.servers)} / ${dialect === 'postgres' ? perPick(spent.postgres) : '-'} ms`,
        note: 'CPU time of the bench process (its clients), the server processes and every PostgreSQL process, over the picks applied (pulls included)',
      },
      {
        bench,
        measure: 'errors (5xx or network)',
        value: String(errors),
        goal: '0',
        ok: errors === 0 && refused === 0,
        note: refused ? `${refused} 4xx` : undefined,
      },
      {
        bench,
        measure: 'stock taken = picks applied',
        value: `${taken} / ${picked} / ${applied}`,
        goal: 'all equal',
        ok: taken === applied && picked === applied,
        note: 'stock taken / quantity_picked / applied answers',
      },
    ];
  } finally {
    await floor.close();
  }
}

/** Picks applied per second of each setup of this run, by bench name. */
const rates = new Map<string, number>();

/** PostgreSQL's rate as a share of SQLite's, when this run measured both (same machine, same hour). */
function ratioRow(): BenchRow[] {
  const sqlite = rates.get(`load [sqlite${binsLabel}]`);
  const postgres = rates.get(`load [postgres${binsLabel}]`);
  if (!sqlite || !postgres) return [];
  const share = postgres / sqlite;
  return [
    {
      bench: 'load',
      measure: 'PostgreSQL picks/s as a share of SQLite',
      value: `${Math.round(share * 100)} %`,
      goal: '≥ 80 %',
      ok: share >= 0.8,
      note: `the same run, one server each${binsLabel}`,
    },
  ];
}

export const load: Bench = {
  name: 'load',
  run: async () => {
    rates.clear();
    const rows = await onEachSetup(runOn);
    return [...rows, ...ratioRow()];
  },
};

// `npx tsx tests/bench/load.ts` runs it alone.
if (process.argv[1]?.endsWith('load.ts')) {
  for (const row of await load.run())
    console.log(`${row.bench} ${row.measure}: ${row.value} ${row.note ?? ''}`);
}
