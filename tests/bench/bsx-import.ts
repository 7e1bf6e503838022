import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { BsxStreamReader, parseBsx } from '../../contract/bsx';
import { importThroughApi } from './bsx-import-api';
import { brickstoreXml } from './bsx-import-xml';
import { measureInChild, median, ms, type Bench, type BenchRow } from './support';

/**
 * BSX import: the streaming reader (saxes) beside the tree reader (fast-xml-parser, the one the
 * export tests use) on a 100,000-lot BrickStore file with every field BrickStore writes, on the
 * server (a fresh Node process per reader and run) and in headless Chromium (the same code,
 * bundled). Time, and the heap above the file text: the streaming reader is sampled after every
 * 64 KiB chunk, the tree reader right after it returns. Then a 100,000-lot import as the import
 * screen does it in the browser (read the Blob as a stream, make batch items, run the checks), and
 * through the API in chunks (bsx-import-api.ts).
 */

const LOTS = 100_000;
const IMPORT_LOTS = 100_000;
const GOAL_MS = 1500;
const GOAL_MB = 150;
const CHILD_ENV = 'BSX_IMPORT_BENCH_CHILD';
const MB = 1024 * 1024;
type Reader = 'stream' | 'tree';

interface Measured {
  ms: number;
  heapMb: number;
  rssMb: number;
  lots: number;
  fileMb: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

function measure(reader: Reader): Measured {
  const xml = brickstoreXml(LOTS);
  gc();
  const base = process.memoryUsage().heapUsed;
  const rssBase = process.memoryUsage().rss;
  let peak = base;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const started = performance.now();
  let lots: number;
  if (reader === 'stream') {
    const r = new BsxStreamReader();
    for (let i = 0; i < xml.length; i += 1 << 16) {
      r.write(xml.slice(i, i + (1 << 16)));
      sample();
    }
    lots = r.end().items.length;
  } else {
    lots = parseBsx(xml).items.length;
  }
  const elapsed = performance.now() - started;
  sample();
  return {
    ms: elapsed,
    heapMb: (peak - base) / MB,
    rssMb: (process.resourceUsage().maxRSS * 1024 - rssBase) / MB,
    lots,
    fileMb: xml.length / MB,
  };
}

function runChild(reader: Reader): Measured {
  return measureInChild(
    fileURLToPath(import.meta.url),
    { [CHILD_ENV]: reader },
    `bsx-import bench ${reader}`,
  );
}

const RUNS = 3;
const NAMES: Record<Reader, string> = {
  stream: 'streaming (saxes)',
  tree: 'tree (fast-xml-parser)',
};

function rowsFor(where: string, reader: Reader, m: Measured, note: string): BenchRow[] {
  const what = `${where}: ${NAMES[reader]}, ${LOTS.toLocaleString('en')} lots`;
  const gated = reader === 'stream';
  return [
    {
      bench: 'bsx-import',
      measure: `${what}: time`,
      value: ms(m.ms),
      ...(gated ? { goal: `≤ ${GOAL_MS} ms`, ok: m.ms <= GOAL_MS && m.lots === LOTS } : {}),
      note: `${note}; file ${m.fileMb.toFixed(1)} MB`,
    },
    {
      bench: 'bsx-import',
      measure: `${what}: peak heap above the file`,
      value: `${m.heapMb.toFixed(1)} MB`,
      ...(gated ? { goal: `≤ ${GOAL_MB} MB`, ok: m.heapMb <= GOAL_MB } : {}),
      note: where === 'server' ? `RSS grew ${m.rssMb.toFixed(0)} MB` : 'usedJSHeapSize',
    },
  ];
}

async function server(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const reader of ['stream', 'tree'] as Reader[]) {
    const runs = Array.from({ length: RUNS }, () => runChild(reader));
    const m: Measured = {
      ...runs[0],
      ms: median(runs.map((r) => r.ms)),
      heapMb: Math.max(...runs.map((r) => r.heapMb)),
      rssMb: Math.max(...runs.map((r) => r.rssMb)),
    };
    rows.push(...rowsFor('server', reader, m, `median of ${RUNS}, Node ${process.version}`));
  }
  return rows;
}

/** The page's side: the readers and the import checks, bundled for the browser. */
const PAGE_ENTRY = `
import { BsxStreamReader, parseBsx, readBsxBlob } from './contract/bsx';
import { checkNewBatchItems, newItemFromLot } from './contract/sync-batches';
import { brickstoreXml } from './tests/bench/bsx-import-xml';
const heap = () => performance.memory.usedJSHeapSize;
window.bsxBench = {
  read(reader, lots) {
    const xml = brickstoreXml(lots);
    gc();
    const base = heap();
    let peak = base;
    const started = performance.now();
    let n;
    if (reader === 'stream') {
      const r = new BsxStreamReader();
      for (let i = 0; i < xml.length; i += 65536) {
        r.write(xml.slice(i, i + 65536));
        peak = Math.max(peak, heap());
      }
      n = r.end().items.length;
    } else {
      n = parseBsx(xml).items.length;
    }
    const elapsed = performance.now() - started;
    peak = Math.max(peak, heap());
    return { ms: elapsed, heapMb: (peak - base) / 1048576, rssMb: 0, lots: n, fileMb: xml.length / 1048576 };
  },
  async importLots(lots) {
    const blob = new Blob([brickstoreXml(lots)]);
    const started = performance.now();
    const items = (await readBsxBlob(blob)).items.map(newItemFromLot);
    const problems = checkNewBatchItems(items);
    return { ms: performance.now() - started, lots: items.length, problems: problems.length };
  },
};
`;

async function browser(): Promise<BenchRow[]> {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  const bundle = await build({
    stdin: { contents: PAGE_ENTRY, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
  });
  const chrome = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const page = await chrome.newPage();
    await page.setContent('<!doctype html><title>bsx import bench</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const rows: BenchRow[] = [];
    for (const reader of ['stream', 'tree'] as Reader[]) {
      const runs: Measured[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push((await page.evaluate(`window.bsxBench.read('${reader}', ${LOTS})`)) as Measured);
      }
      const m = {
        ...runs[0],
        ms: median(runs.map((r) => r.ms)),
        heapMb: Math.max(...runs.map((r) => r.heapMb)),
      };
      rows.push(...rowsFor('Chromium', reader, m, `median of ${RUNS}, same page`));
    }
    const imp = (await page.evaluate(`window.bsxBench.importLots(${IMPORT_LOTS})`)) as {
      ms: number;
      lots: number;
      problems: number;
    };
    rows.push({
      bench: 'bsx-import',
      measure: `Chromium: import ${IMPORT_LOTS.toLocaleString('en')} lots (Blob stream, batch items, checks)`,
      value: ms(imp.ms),
      ok: imp.lots === IMPORT_LOTS,
      note: `${imp.problems} check messages (U lots have no condition yet)`,
    });
    return rows;
  } finally {
    await chrome.close();
  }
}

export const bsxImport: Bench = {
  name: 'bsx-import',
  async run() {
    return [...(await server()), ...(await browser()), ...(await importThroughApi())];
  },
};

const childReader = process.env[CHILD_ENV] as Reader | undefined;
if (childReader === 'stream' || childReader === 'tree') {
  process.stdout.write(`${JSON.stringify(measure(childReader))}\n`);
}
