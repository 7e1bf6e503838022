import Database from 'better-sqlite3';
import { join } from 'node:path';
import { median, ms, signedInPage, type Bench, withDemoBrowser } from './support';
import { signIn } from '../support/server-process';

const TRAYS = 2_000;
const EDITS = 500;
const MANAGER = 'digi.manager@demo.test';
const PASSWORD = 'demo-password';
const BATCH = 'Bench - 2000 trays';

/** A batch of project 1 with `TRAYS` trays, copied from the first demo tray. Answers its id. */
export function growBatch(dataDir: string): number {
  const db = new Database(join(dataDir, 'warehouse.sqlite'));
  try {
    const batchCols = (db.prepare('pragma table_info(batches)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((n) => n !== 'id');
    const { lastInsertRowid } = db
      .prepare(
        `insert into batches (${batchCols.join(',')}) select ${batchCols
          .map((c) =>
            c === 'name'
              ? '?'
              : c === 'status'
                ? `'in progress'`
                : c.startsWith('write_')
                  ? 'null'
                  : c,
          )
          .join(',')} from batches where id = 1`,
      )
      .run(BATCH);
    const trayCols = (db.prepare('pragma table_info(trays)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((n) => n !== 'id');
    const copy = db.prepare(
      `insert into trays (${trayCols.join(',')}) select ${trayCols
        .map((c) =>
          c === 'batch_id' || c === 'tray_nr' || c === 'quantity' || c === 'comments' ? '?' : c,
        )
        .join(',')} from trays where id = (select min(id) from trays)`,
    );
    db.transaction(() => {
      for (let n = 1; n <= TRAYS; n++) {
        const args = trayCols
          .filter(
            (c) => c === 'batch_id' || c === 'tray_nr' || c === 'quantity' || c === 'comments',
          )
          .map((c) =>
            c === 'batch_id'
              ? lastInsertRowid
              : c === 'tray_nr'
                ? n
                : c === 'quantity'
                  ? (n * 7919) % 997
                  : `tray ${n}`,
          );
        copy.run(...args);
      }
    })();
    return Number(lastInsertRowid);
  } finally {
    db.close();
  }
}

/** The batch's tray routes (`/v1/trays…` of project 1) called as the digitizing manager. */
export async function managerTrayApi(baseUrl: string, batchId: number) {
  const { access_token } = await signIn(baseUrl, MANAGER, PASSWORD);
  return (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api${path}?project_id=1&batch_id=${batchId}`, {
      method,
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/**
 * The batch trays editor with 2,000 trays in headless Chromium through the real page (load to
 * the first rows drawn; a header click sorting all rows, to the next frame), and accept-all of
 * 500 pending edits as the one request the editor sends.
 */
export const batchTrays: Bench = {
  name: 'batch-trays',
  run: () =>
    withDemoBrowser('batch-trays', growBatch, async ({ prepared: batchId, server, browser }) => {
      const { page } = await signedInPage(browser, server, MANAGER, PASSWORD);

      const loads: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await page.goto(`/projects/1/${batchId}`);
        await page.getByRole('row', { name: 'tray 1', exact: true }).waitFor();
        loads.push(Date.now() - started);
      }
      const drawn = await page.getByRole('row').count();

      // Each click sorts all 2,000 rows; timed in the page from the click to the next frame.
      const sorts: number[] = [];
      for (const name of ['Quantity', 'Quantity', 'Comments', 'Comments', 'Tray', 'Quantity']) {
        const button = page.getByRole('button', { name: new RegExp(`^${name}`) });
        const took = await button.evaluate(
          (el) =>
            new Promise<number>((done) => {
              const t0 = performance.now();
              (el as HTMLButtonElement).click();
              requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0)));
            }),
        );
        sorts.push(took);
      }

      const api = await managerTrayApi(server.baseUrl, batchId);
      const gets: number[] = [];
      let list = { results: [] as Record<string, unknown>[] };
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        list = (await (await api('GET', '/v1/trays')).json()) as typeof list;
        gets.push(performance.now() - started);
      }
      await api('POST', '/v1/trays/claim', { claim: true });
      const edits = list.results.slice(0, EDITS).map((r, i) => ({
        tray_id: r.tray_id,
        item_id: r.item_id,
        mold_id: r.mold_id,
        colour_id: r.colour_id,
        condition: r.condition,
        quantity: i + 1,
        price: 0.25,
        status: r.status,
        comments: `edited ${i}`,
      }));
      const accepts: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        const res = await api('POST', '/v1/trays', {
          trays: edits.map((e) => ({ ...e, quantity: e.quantity + round })),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`accept-all answered ${res.status}`);
        accepts.push(performance.now() - started);
      }
      return [
        {
          bench: 'batch-trays',
          measure: `open a batch of ${TRAYS.toLocaleString('en')} trays (to the first rows drawn)`,
          value: ms(median(loads)),
          note: `full page load + sign-in restore, median of 3; ${drawn - 1} rows in the DOM`,
        },
        {
          bench: 'batch-trays',
          measure: `GET /v1/trays of ${TRAYS.toLocaleString('en')} trays`,
          value: ms(median(gets)),
          note: 'median of 3',
        },
        {
          bench: 'batch-trays',
          measure: `sort ${TRAYS.toLocaleString('en')} trays (header click → next frame)`,
          value: ms(median(sorts)),
          goal: '< 100 ms',
          ok: median(sorts) < 100,
          note: `slowest ${ms(Math.max(...sorts))} of ${sorts.length}`,
        },
        {
          bench: 'batch-trays',
          measure: `accept all: ${EDITS} pending edits in one request`,
          value: ms(median(accepts)),
          goal: '< 2000 ms',
          ok: median(accepts) < 2000,
          note: `median of 3; answer carries all ${TRAYS} trays`,
        },
      ];
    }),
};
