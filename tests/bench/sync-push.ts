import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed';
import { createNotesTable, registerNotes } from '../../server/sync/test-notes';
import { freshDataDir, type Bench, type BenchRow } from './support';

const TOTAL = 1000;
/** The contract's largest batch (PushRequest allows 500 mutations). */
const BATCH = 500;

/**
 * Mutations per second through POST /api/v1/sync/push on SQLite (WAL, synchronous=NORMAL), in
 * process via app.inject (no sockets): 1,000 note.add.v1 mutations sent in full batches, the same
 * number as single-mutation pushes, and a replay of the whole batch (every id already recorded).
 */
export const syncPush: Bench = {
  name: 'sync-push',
  async run() {
    registerNotes();
    const dataDir = freshDataDir('sync-push');
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_STDOUT: '0', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv),
      databaseUrl: undefined,
      staticDir: undefined,
    };
    const app = await buildApp(config);
    try {
      await app.ready();
      await createNotesTable(app.db);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: {
          authorization: `Basic ${Buffer.from(`picker@demo.test:${DEMO_PASSWORD}`).toString('base64')}`,
        },
      });
      const authorization = `Bearer ${(login.json() as { access_token: string }).access_token}`;
      let seq = 0;
      const mutations = (n: number, device: string) =>
        Array.from({ length: n }, () => ({
          id: randomUUID(),
          seq: ++seq,
          name: 'note.add.v1',
          args: { text: `bench ${device} ${seq}` },
        }));
      const push = async (device: string, batch: unknown[]) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/sync/push',
          headers: { authorization },
          payload: { device_id: device, mutations: batch },
        });
        const body = res.json() as { results: { status: string }[] };
        if (res.statusCode !== 200 || body.results.some((r) => r.status !== 'applied')) {
          throw new Error(`push failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      };
      // Warm up (JIT, statement caches) on a device of its own.
      await push('bench-warmup', mutations(50, 'warmup'));

      const batched = mutations(TOTAL, 'batched');
      let started = performance.now();
      for (let i = 0; i < TOTAL; i += BATCH)
        await push('bench-batched', batched.slice(i, i + BATCH));
      const batchedMs = performance.now() - started;

      const single = mutations(TOTAL, 'single');
      started = performance.now();
      for (const m of single) await push('bench-single', [m]);
      const singleMs = performance.now() - started;

      started = performance.now();
      for (let i = 0; i < TOTAL; i += BATCH)
        await push('bench-batched', batched.slice(i, i + BATCH));
      const replayMs = performance.now() - started;

      const rate = (ms: number) => `${Math.round((TOTAL / ms) * 1000)} mutations/s`;
      const rows: BenchRow[] = [
        {
          bench: 'sync-push',
          measure: `${TOTAL} mutations in pushes of ${BATCH}`,
          value: rate(batchedMs),
          note: `${Math.round(batchedMs)} ms; one transaction per mutation, SQLite, in process`,
        },
        {
          bench: 'sync-push',
          measure: `${TOTAL} single-mutation pushes`,
          value: rate(singleMs),
          note: `${Math.round(singleMs)} ms; one request each, sequential`,
        },
        {
          bench: 'sync-push',
          measure: `replay of the ${TOTAL} batched (already applied)`,
          value: rate(replayMs),
          note: `${Math.round(replayMs)} ms; answered from applied_mutations`,
        },
      ];
      return rows;
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

/** The brief's shape: rows of {name, value, unit}. */
export async function run(): Promise<{ name: string; value: number; unit: string }[]> {
  return (await syncPush.run()).map((r) => ({
    name: `${r.bench}: ${r.measure}`,
    value: Number.parseFloat(r.value),
    unit: r.value.replace(/^[\d.]+\s*/, ''),
  }));
}

// `npx tsx tests/bench/sync-push.ts` runs it alone.
if (process.argv[1]?.endsWith('sync-push.ts')) {
  for (const row of await syncPush.run()) console.log(`${row.measure}: ${row.value} (${row.note})`);
}
