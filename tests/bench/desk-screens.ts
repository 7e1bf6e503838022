import type { Browser, BrowserContext, Page } from '@playwright/test';
import { median, ms, signedInPage, type Bench, type BenchRow, withDemoBrowser } from './support';

/** Each desk screen opens cold in this time (built app, real server, demo data, Chromium). */
const GOAL_MS = 1_500;
const RUNS = 3;
const PASSWORD = 'demo-password';

/** The office's screens, each opened by a demo user whose role may open it. */
const SCREENS: Array<{ name: string; path: string; user: string }> = [
  { name: 'Manage orders', path: '/orders', user: 'orders@demo.test' },
  { name: 'Manage batches', path: '/fill_orders', user: 'orders@demo.test' },
  { name: 'Inventory', path: '/inventory', user: 'sales@demo.test' },
  { name: 'Warehouse overview', path: '/location', user: 'warehouse@demo.test' },
  { name: 'Reports', path: '/reports', user: 'warehouse@demo.test' },
  { name: 'Projects', path: '/projects', user: 'digi.manager@demo.test' },
  { name: 'User admin', path: '/admin', user: 'admin@demo.test' },
  { name: 'Sync batches', path: '/bricksyncer/add_items', user: 'syncer@demo.test' },
];

/** The session's own calls in the background (floor data, the catalog), not the screen's. */
const BACKGROUND = /^\/api\/(v1\/)?(sync|catalog\/(manifest|chunks))\b/;
const screenCall = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith('/api/') && !BACKGROUND.test(path);
};

/** How long the page must be quiet (no API call open, nothing loading) to count as shown. */
const QUIET_MS = 300;

/**
 * One cold open: a new browser context (empty HTTP cache, no service worker) that holds only the
 * signed-in session, straight to the screen's address. Shown = the screen's heading is there,
 * nothing says "Loading…" and no API call is open; the time is that of the last API answer or
 * loading text gone, whichever is later. Counts the API calls the screen made.
 */
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

async function coldOpen(
  browser: Browser,
  storage: Storage,
  baseURL: string,
  path: string,
): Promise<{ ms: number; api: string[] }> {
  const context = await browser.newContext({
    baseURL,
    storageState: storage,
    serviceWorkers: 'block',
  });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const page: Page = await context.newPage();
  const api: string[] = [];
  let open = 0;
  let lastChange = 0;
  page.on('request', (r) => {
    if (!screenCall(r.url())) return;
    api.push(`${r.method()} ${new URL(r.url()).pathname}`);
    open++;
  });
  const settled = () => {
    open = Math.max(0, open - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', (r) => {
    if (screenCall(r.url())) settled();
  });
  page.on('requestfailed', (r) => {
    if (screenCall(r.url())) settled();
  });
  try {
    const start = Date.now();
    await page.goto(path, { waitUntil: 'commit' });
    const loading = page.getByText('Loading…');
    const heading = page.getByRole('heading').first();
    let shownAt = 0;
    for (;;) {
      const busy = open > 0 || (await loading.count()) > 0 || !(await heading.isVisible());
      const now = Date.now();
      if (busy) shownAt = 0;
      else if (!shownAt) shownAt = Math.max(now, lastChange);
      if (shownAt && now - shownAt >= QUIET_MS) break;
      if (now - start > 30_000) throw new Error(`${path} did not settle in 30 s`);
      await page.waitForTimeout(20);
    }
    return { ms: shownAt - start, api };
  } finally {
    await context.close();
  }
}

/** Cold open of each desk screen in Chromium: the built app served by the real server. */
export const deskScreens: Bench = {
  name: 'desk-screens',
  run: () =>
    withDemoBrowser(
      'desk',
      () => undefined,
      async ({ server, browser }) => {
        const rows: BenchRow[] = [];
        const sessions = new Map<string, Storage>();
        for (const screen of SCREENS) {
          let storage = sessions.get(screen.user);
          if (!storage) {
            const { context } = await signedInPage(browser, server, screen.user, PASSWORD);
            storage = await context.storageState({ indexedDB: true });
            sessions.set(screen.user, storage);
            await context.close();
          }
          const times: number[] = [];
          let calls: string[] = [];
          for (let i = 0; i < RUNS; i++) {
            const run = await coldOpen(browser, storage, server.baseUrl, screen.path);
            times.push(run.ms);
            calls = run.api;
          }
          const value = median(times);
          rows.push({
            bench: 'desk-screens',
            measure: `cold open ${screen.name} (${screen.path}, median of ${RUNS})`,
            value: ms(value),
            goal: `≤ ${ms(GOAL_MS)}`,
            ok: value <= GOAL_MS,
            note: `${calls.length} API call(s): ${[...new Set(calls)].join(', ')}`,
          });
        }
        return rows;
      },
    ),
};
