// `npm run bench [name…]`: runs each bench (or the named ones) and prints one table.
// Add a bench: write tests/bench/<name>.ts exporting a Bench, and list it below.
import { batchTrays } from './batch-trays';
import { batchTraysDurable } from './batch-trays-durable';
import { bsxExport } from './bsx';
import { bsxBrowser } from './bsx-browser';
import { bsxImport } from './bsx-import';
import { bundleSize } from './bundle-size';
import { catalogImport } from './catalog-import';
import { catalogDevice } from './catalog-device';
import { clientFlush } from './client-flush';
import { coldStart } from './cold-start';
import { deskScreens } from './desk-screens';
import { fairQueue } from './fair-queue';
import { herd } from './herd';
import { load } from './load';
import { locations } from './locations';
import { marketplaceUpload } from './marketplace-upload';
import { loginThroughput } from './login-throughput';
import { picking } from './picking';
import { pickingRoute } from './picking-route';
import { priceLots } from './price-lots';
import type { Bench, BenchRow } from './support';
import { stockSync } from './stock-sync';
import { syncPush } from './sync-push';

const BENCHES: Bench[] = [
  bundleSize,
  coldStart,
  deskScreens,
  loginThroughput,
  syncPush,
  picking,
  pickingRoute,
  locations,
  bsxExport,
  bsxBrowser,
  bsxImport,
  catalogImport,
  marketplaceUpload,
  stockSync,
  priceLots,
  fairQueue,
  clientFlush,
  catalogDevice,
  batchTrays,
  batchTraysDurable,
  load,
  herd,
];

function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.bench,
    r.measure,
    r.value,
    r.goal ?? '',
    r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
    r.note ?? '',
  ]);
  const header = ['bench', 'measure', 'value', 'goal', '', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

const wanted = process.argv.slice(2);
const chosen = wanted.length ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;
if (chosen.length === 0) {
  console.error(
    `No bench named ${wanted.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`,
  );
  process.exit(1);
}

const rows: BenchRow[] = [];
let failed = false;
for (const bench of chosen) {
  process.stdout.write(`running ${bench.name}…\n`);
  try {
    rows.push(...(await bench.run()));
  } catch (err) {
    failed = true;
    rows.push({ bench: bench.name, measure: 'error', value: String(err).split('\n')[0] });
  }
}
console.log('');
printTable(rows);
if (failed) process.exitCode = 1;
