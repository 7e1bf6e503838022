import { fileURLToPath } from 'node:url';
import { bsxChunks, writeBsx, type BsxSourceItem } from '../../contract/bsx';
import { measureInChild, median, ms, type Bench, type BenchRow } from './support';

/**
 * BSX export of 100,000 lots (issue: "Export of 100,000 lots must not freeze the page — measure
 * it"). Each way of writing runs in a fresh Node process (so one's garbage never counts against
 * another), with the inventory rows already in memory as the PWA holds them after GET /inventory:
 * - chunks -> Blob: bsxChunks, each chunk turned into a Blob part at once (what the PWA's worker
 *   does), so the file never sits in the JS heap as one string;
 * - chunks, streamed: bsxChunks written nowhere (the writer's own cost, as when streaming a file);
 * - string -> Blob: writeBsx, then one Blob of the whole string.
 * Peak heap is sampled after every chunk (chunked) or taken with the finished string alive
 * (string writer); peak RSS is the process's high-water mark (getrusage maxRSS). Three runs each:
 * the median time, the highest peaks.
 */

const LOTS = 100_000;
const CHILD_ENV = 'BSX_BENCH_CHILD';
type Variant = 'chunks-blob' | 'chunks-stream' | 'string-blob';
const VARIANTS: Record<Variant, string> = {
  'chunks-blob': 'chunked writer -> Blob parts',
  'chunks-stream': 'chunked writer, streamed',
  'string-blob': 'string writer -> Blob',
};

interface Measured {
  ms: number;
  bytes: number;
  heapPeakMb: number;
  heapBaseMb: number;
  rssPeakMb: number;
  rssBaseMb: number;
}

function inventory(): BsxSourceItem[] {
  const types = ['brick', 'brick', 'brick', 'minifig', 'set', 'gear'];
  return Array.from({ length: LOTS }, (_, i) => ({
    mold_id: i + 1,
    bl_mold_id: `${3001 + (i % 4000)}${i % 11 === 0 ? 'pb01' : ''}`,
    mold_name: `Brick ${1 + (i % 4)} x ${2 + (i % 6)} with studs`,
    type_name: types[i % types.length],
    bl_colour_id: i % 90,
    colour_name: 'Dark Bluish Gray',
    quantity: 1 + (i % 400),
    condition_name: i % 3 === 0 ? 'NEW' : 'GOOD',
    public_note: i % 5 === 0 ? 'Light play wear & a few <scratches>' : '',
    private_note: `H${1 + (i % 2)}-A0${1 + (i % 3)}-R0${1 + (i % 3)}-S${1 + (i % 3)}-B${1 + (i % 4)}`,
  }));
}

const MB = 1024 * 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

function measure(variant: Variant): Measured {
  const items = inventory();
  const conditions = { NEW: 'N', LIKE_NEW: 'N', GOOD: 'U', ACCEPTABLE: 'U' } as const;
  gc();
  const heapBase = process.memoryUsage().heapUsed;
  const rssBase = process.memoryUsage().rss;
  let heapPeak = heapBase;
  const sample = () => {
    const h = process.memoryUsage().heapUsed;
    if (h > heapPeak) heapPeak = h;
  };
  let bytes = 0;
  const started = performance.now();
  if (variant === 'string-blob') {
    const xml = writeBsx(items, conditions);
    sample();
    const blob = new Blob([xml]);
    bytes = blob.size;
    sample();
  } else if (variant === 'chunks-blob') {
    const parts: Blob[] = [];
    for (const chunk of bsxChunks(items, conditions)) {
      parts.push(new Blob([chunk]));
      sample();
    }
    bytes = new Blob(parts).size;
  } else {
    for (const chunk of bsxChunks(items, conditions)) {
      bytes += chunk.length;
      sample();
    }
  }
  const elapsed = performance.now() - started;
  const rssPeak = process.resourceUsage().maxRSS * 1024;
  return {
    ms: elapsed,
    bytes,
    heapPeakMb: heapPeak / MB,
    heapBaseMb: heapBase / MB,
    rssPeakMb: rssPeak / MB,
    rssBaseMb: rssBase / MB,
  };
}

function runChild(variant: Variant): Measured {
  return measureInChild(
    fileURLToPath(import.meta.url),
    { [CHILD_ENV]: variant },
    `bsx bench ${variant}`,
  );
}

/** Runs per variant: the median time and the largest memory figures are reported. */
const RUNS = 3;

function repeated(variant: Variant): Measured {
  const runs = Array.from({ length: RUNS }, () => runChild(variant));
  const most = (k: keyof Measured) => Math.max(...runs.map((r) => r[k]));
  return {
    ms: median(runs.map((r) => r.ms)),
    bytes: runs[0].bytes,
    heapPeakMb: most('heapPeakMb'),
    heapBaseMb: Math.min(...runs.map((r) => r.heapBaseMb)),
    rssPeakMb: most('rssPeakMb'),
    rssBaseMb: Math.min(...runs.map((r) => r.rssBaseMb)),
  };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const m = repeated(variant);
    const what = `${VARIANTS[variant]}, ${LOTS.toLocaleString('en')} lots`;
    rows.push(
      { bench: 'bsx', measure: `${what}: time`, value: ms(m.ms), note: `median of ${RUNS}` },
      {
        bench: 'bsx',
        measure: `${what}: peak heap above the rows`,
        value: `${(m.heapPeakMb - m.heapBaseMb).toFixed(1)} MB`,
        note: `rows alone ${m.heapBaseMb.toFixed(0)} MB`,
      },
      {
        bench: 'bsx',
        measure: `${what}: peak RSS`,
        value: `${m.rssPeakMb.toFixed(0)} MB`,
        note: `before writing ${m.rssBaseMb.toFixed(0)} MB; file ${(m.bytes / MB).toFixed(1)} MB`,
      },
    );
  }
  return rows;
}

export const bsxExport: Bench = { name: 'bsx', run };

const childVariant = process.env[CHILD_ENV] as Variant | undefined;
if (childVariant && childVariant in VARIANTS) {
  process.stdout.write(`${JSON.stringify(measure(childVariant))}\n`);
}
