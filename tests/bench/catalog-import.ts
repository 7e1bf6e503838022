import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { freshPostgres } from './fresh-postgres';
import { previewCatalogImport } from '../../server/catalog-import/preview';
import { runCatalogImport } from '../../server/catalog-import/run';
import { openDatabase, type DialectName } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { writeCatalogDump } from './catalog-dump';
import type { Bench, BenchRow } from './support';
import { insertControllerRun } from '../../server/test/controller-runs';

/**
 * Imports a full-size synthetic Rebrickable dump (62k parts, 109k elements, 26k sets, 17k
 * minifigs, 1.3M inventory lines; see catalog-dump.ts) into an empty catalog on SQLite and on
 * PostgreSQL, then runs the same dump again (nothing changes). Wall time, rows read per second and
 * the process's CPU time (the database server's is not in it) and peak RSS (the import streams:
 * memory must not grow with the files). The preview (what a run would change, writing nothing) is
 * timed on the empty catalog and on the imported one.
 * CATALOG_BENCH_SCALE scales the dump (default 1).
 */
const SCALE = Number(process.env.CATALOG_BENCH_SCALE ?? 1);
async function importOnce(db: Kysely<Database>, source: string) {
  const id = await insertControllerRun(db);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 200);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await runCatalogImport({
    db,
    runId: id,
    source,
    actor: { runId: id, userId: null, name: 'bench' },
    serverId: 'bench#0',
    signal: new AbortController().signal,
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  clearInterval(sampler);
  const run = await db
    .selectFrom('controller_runs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (run.status !== 'completed') throw new Error(`import failed: ${run.error}`);
  const files = JSON.parse(run.progress ?? '{}') as Record<
    string,
    { read: number; created: number; updated: number }
  >;
  const read = Object.values(files).reduce((s, f) => s + f.read, 0);
  const written = Object.values(files).reduce((s, f) => s + f.created + f.updated, 0);
  return { seconds, cpuSeconds, read, written, peakMb: peak / 2 ** 20 };
}

async function previewOnce(db: Kysely<Database>, source: string) {
  const started = performance.now();
  const preview = await previewCatalogImport(db, source, new AbortController().signal);
  if (preview.error) throw new Error(`preview failed: ${preview.error}`);
  const seconds = (performance.now() - started) / 1000;
  const read = preview.files.reduce((s, f) => s + f.read, 0);
  const changed = preview.files.reduce((s, f) => s + f.created + f.updated, 0);
  return { seconds, read, changed };
}

async function runOn(dialect: DialectName, source: string): Promise<BenchRow[]> {
  const bench = `catalog-import ${dialect}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'brick-bench-catalog-'));
  const fresh = dialect === 'postgres' ? await freshPostgres('catalog') : null;
  if (dialect === 'postgres' && !fresh) {
    return [{ bench, measure: 'skipped', value: '-', note: 'PostgreSQL not reachable' }];
  }
  const database = openDatabase({ dataDir, databaseUrl: fresh?.url });
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
    const previewEmpty = await previewOnce(database.db, source);
    const first = await importOnce(database.db, source);
    const again = await importOnce(database.db, source);
    const previewSame = await previewOnce(database.db, source);
    const previewRow = (measure: string, p: typeof previewSame): BenchRow => ({
      bench,
      measure,
      value: `${p.seconds.toFixed(1)} s`,
      note: `${p.read.toLocaleString('en')} rows read (up to the parts in colours), ${p.changed.toLocaleString('en')} would change`,
    });
    const rate = (r: { read: number; seconds: number }) =>
      `${Math.round(r.read / r.seconds).toLocaleString('en')} rows/s`;
    return [
      {
        bench,
        measure: 'full dump into an empty catalog',
        value: `${first.seconds.toFixed(1)} s`,
        note: `${first.read.toLocaleString('en')} rows read, ${first.written.toLocaleString('en')} written, ${rate(first)}, ${first.cpuSeconds.toFixed(0)} s CPU in this process, peak RSS ${Math.round(first.peakMb)} MB`,
      },
      {
        bench,
        measure: 'same dump again (no changes)',
        value: `${again.seconds.toFixed(1)} s`,
        note: `${again.written} written, ${rate(again)}, ${again.cpuSeconds.toFixed(0)} s CPU, peak RSS ${Math.round(again.peakMb)} MB`,
      },
      previewRow('preview, empty catalog', previewEmpty),
      previewRow('preview, same dump imported', previewSame),
    ];
  } finally {
    await database.destroy();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const catalogImport: Bench = {
  name: 'catalog-import',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'brick-bench-dump-'));
    try {
      await writeCatalogDump(dir, { scale: SCALE });
      if (!existsSync(join(dir, 'parts.csv.gz'))) throw new Error('the dump was not written');
      return [...(await runOn('sqlite', dir)), ...(await runOn('postgres', dir))];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
