import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt, kb, type Bench, type BenchRow } from './support';

/** The design's budget for the JavaScript of the first screen (gzip). */
const LOGIN_JS_GOAL = 150 * 1024;
/** The service worker's budget (gzip): it starts on every wake-up (sync events, updates). */
const SW_GOAL = 25 * 1024;

const DIST = 'dist';

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file))).length;
}

/** Files a chunk imports statically (`from"./x.js"`, `import"./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(DIST, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
    found.add(dir + m[1]);
  }
  return [...found];
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js')) queue.push(...staticImports(file));
  }
  return seen;
}

/**
 * What the login route (`/`) loads: the entry script, its modulepreloads and stylesheet from
 * index.html, plus the lazy LoginPage chunk and what it imports statically.
 */
function loginRouteFiles(): Set<string> {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
  const entries: string[] = [];
  for (const tag of refs) {
    const src = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if (!src || !/\.(js|css)$/.test(src)) continue;
    if (/type="module"|rel="modulepreload"|rel="stylesheet"/.test(tag)) entries.push(src);
  }
  const login = readdirSync(join(DIST, 'assets')).find((f) => /^LoginPage-.*\.js$/.test(f));
  if (login) entries.push(`assets/${login}`);
  return closure(entries);
}

/**
 * What the app loads once the login screen is up (the notices' container and what it needs beyond
 * the login route): off the first screen's path, but downloaded on every cold start all the same.
 */
function afterFirstScreenFiles(login: Set<string>): string[] {
  const host = readdirSync(join(DIST, 'assets')).find((f) => /^NoticeHost-.*\.js$/.test(f));
  if (!host) return [];
  return [...closure([`assets/${host}`])].filter((f) => !login.has(f));
}

/** The three biggest files, so a missed budget says where to look. */
function largest(files: string[]): string {
  return files
    .map((f) => ({ f: f.replace(/^assets\//, ''), size: gzipSize(f) }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 3)
    .map(({ f, size }) => `${f} ${kb(size)}`)
    .join(', ');
}

export const bundleSize: Bench = {
  name: 'bundle',
  async run(): Promise<BenchRow[]> {
    ensureBuilt();
    const loginFiles = loginRouteFiles();
    const login = [...loginFiles];
    const later = afterFirstScreenFiles(loginFiles);
    const sum = (files: string[], ext: string) =>
      files.filter((f) => f.endsWith(ext)).reduce((t, f) => t + gzipSize(f), 0);
    const loginJs = sum(login, '.js');
    const loginCss = sum(login, '.css');
    const all = readdirSync(join(DIST, 'assets')).map((f) => `assets/${f}`);
    const shellJs = sum(all, '.js');
    const shellCss = sum(all, '.css');
    const sw = gzipSize('service-worker.js');
    return [
      {
        bench: 'bundle',
        measure: `login route JS (gzip, ${login.filter((f) => f.endsWith('.js')).length} files)`,
        value: kb(loginJs),
        goal: `≤ ${kb(LOGIN_JS_GOAL)}`,
        ok: loginJs <= LOGIN_JS_GOAL,
        note: largest(login.filter((f) => f.endsWith('.js'))),
      },
      {
        bench: 'bundle',
        measure: `JS loaded once the login screen is up (gzip, ${later.length} files)`,
        value: kb(sum(later, '.js')),
        note: largest(later),
      },
      { bench: 'bundle', measure: 'login route CSS (gzip)', value: kb(loginCss) },
      {
        bench: 'bundle',
        measure: `whole shell JS (gzip, ${all.filter((f) => f.endsWith('.js')).length} files)`,
        value: kb(shellJs),
      },
      { bench: 'bundle', measure: 'whole shell CSS (gzip)', value: kb(shellCss) },
      {
        bench: 'bundle',
        measure: 'service worker (gzip)',
        value: kb(sw),
        goal: `≤ ${kb(SW_GOAL)}`,
        ok: sw <= SW_GOAL,
      },
    ];
  },
};
