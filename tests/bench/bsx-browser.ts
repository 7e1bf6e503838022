import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ensureBuilt,
  freshDataDir,
  launchChromium,
  ms,
  signedInPage,
  startServer,
  type Bench,
  type BenchRow,
} from './support';

const LOTS = 100_000;
const SALES = 'sales@demo.test';
const PASSWORD = 'demo-password';

/** Copies the demo company's stocked items until it holds `LOTS` lots (one stock row each). */
function growInventory(dataDir: string): number {
  const db = new Database(join(dataDir, 'warehouse.sqlite'));
  try {
    const company = db
      .prepare(`select u.company_id as id from users u where lower(u.email) = ?`)
      .get(SALES) as { id: number };
    const stock = db
      .prepare(
        `select lc.* from location_content lc where lc.company_id = ? and lc.quantity > 0 order by lc.id`,
      )
      .all(company.id) as Record<string, unknown>[];
    const itemCols = (db.prepare('pragma table_info(items)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((n) => n !== 'id');
    const stockCols = Object.keys(stock[0]).filter((n) => n !== 'id' && n !== 'item_id');
    const have = (
      db
        .prepare(
          'select count(distinct item_id) as n from location_content where company_id = ? and quantity > 0',
        )
        .get(company.id) as { n: number }
    ).n;
    const copyItem = db.prepare(
      `insert into items (${itemCols.join(',')}) select ${itemCols
        .map((c) => (c === 'note_private' ? '?' : c === 'note_public' ? '?' : c))
        .join(',')} from items where id = ?`,
    );
    const addStock = db.prepare(
      `insert into location_content (item_id, ${stockCols.join(',')}) values (?, ${stockCols
        .map(() => '?')
        .join(',')})`,
    );
    db.transaction(() => {
      for (let n = have; n < LOTS; n++) {
        const from = stock[n % stock.length];
        const { lastInsertRowid } = copyItem.run(
          `bin ${n} & shelf <${n % 97}>`,
          n % 3 ? '' : `lot ${n}, "as new"`,
          from.item_id,
        );
        addStock.run(lastInsertRowid, ...stockCols.map((c) => from[c]));
      }
    })();
    return LOTS;
  } finally {
    db.close();
  }
}

/**
 * Inventory export of 100,000 lots in headless Chromium, through the real page: GET
 * /v1/inventory, the Web Worker writing the BSX, the Blob download. A requestAnimationFrame counter
 * and a long-task observer on the page show whether the main thread stays responsive meanwhile.
 */
export const bsxBrowser: Bench = {
  name: 'bsx-browser',
  async run(): Promise<BenchRow[]> {
    ensureBuilt();
    const dataDir = freshDataDir('bsx');
    const seeded = await startServer(dataDir, { SEED_DEMO: '1' });
    await seeded.stop();
    growInventory(dataDir);
    const server = await startServer(dataDir);
    const browser = await launchChromium();
    try {
      const { page } = await signedInPage(browser, server, SALES, PASSWORD, {
        acceptDownloads: true,
      });
      await page.goto('/inventory');
      await page.locator('select').first().waitFor();
      const labels = await page
        .locator('select')
        .evaluateAll((els) =>
          els.map((el) => (el as HTMLSelectElement).labels?.[0]?.textContent ?? ''),
        );
      for (const [i, label] of labels.entries()) {
        await page
          .locator('select')
          .nth(i)
          .selectOption(label === 'New' ? 'N' : 'U');
      }

      // Idle frame rate first, then the same counters during the export.
      // A string, not a function: tsx would wrap named functions in a helper the page lacks.
      await page.evaluate(`(() => {
        const state = { frames: 0, maxGap: 0, last: performance.now(), longest: 0, long: 0 };
        window.__bench = state;
        function tick(t) {
          state.frames++;
          state.maxGap = Math.max(state.maxGap, t - state.last);
          state.last = t;
          requestAnimationFrame(tick);
        }
        requestAnimationFrame(tick);
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            state.long += e.duration;
            state.longest = Math.max(state.longest, e.duration);
          }
        }).observe({ type: 'longtask' });
      })()`);
      type Counters = { frames: number; maxGap: number; longest: number; long: number };
      const reset = () =>
        page.evaluate(() => {
          const s = (window as unknown as { __bench: Counters & { last: number } }).__bench;
          Object.assign(s, { frames: 0, maxGap: 0, longest: 0, long: 0, last: performance.now() });
        });
      const read = () =>
        page.evaluate(() => ({ ...(window as unknown as { __bench: Counters }).__bench }));
      await reset();
      await page.waitForTimeout(1000);
      const idle = await read();

      await reset();
      const started = Date.now();
      await page.getByRole('button', { name: 'Convert to BSX' }).click();
      const link = page.getByRole('link', { name: 'Download BSX-File' });
      await link.waitFor({ timeout: 120_000 });
      const elapsed = Date.now() - started;
      const during = await read();
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const xml = await readFile((await download.path())!, 'utf8');
      const lots = xml.split('<Item>').length - 1;
      const fps = (c: Counters, msSpan: number) => (c.frames / msSpan) * 1000;
      return [
        {
          bench: 'bsx-browser',
          measure: `export ${LOTS.toLocaleString('en')} lots (click → Download BSX-File)`,
          value: ms(elapsed),
          note: `${lots} lots, ${(xml.length / 1e6).toFixed(1)} MB; fetch + worker + Blob`,
          ok: lots === LOTS,
        },
        {
          bench: 'bsx-browser',
          measure: 'main thread during export: frames/s (idle)',
          value: `${fps(during, elapsed).toFixed(0)} (${fps(idle, 1000).toFixed(0)})`,
          note: `longest frame gap ${ms(during.maxGap)}`,
        },
        {
          bench: 'bsx-browser',
          measure: 'main thread during export: long tasks',
          value: ms(during.long),
          goal: 'longest < 200 ms',
          ok: during.longest < 200,
          note: `longest ${ms(during.longest)}`,
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
