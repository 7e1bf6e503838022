import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { growBatch, managerTrayApi } from './batch-trays';
import { median, ms, signedInPage, type Bench, withDemoBrowser } from './support';

const EDITS = 500;
const MANAGER = 'digi.manager@demo.test';
const PASSWORD = 'demo-password';
const QUANTITY_CELL = 7;
const EDITED = (n: number) => 5_000 + n;

/** The device database as the page wrote it: the tray edits store, read and written raw. */
async function seedEdits(page: Page, batchId: number, trays: Record<string, unknown>[]) {
  return page.evaluate(
    async ({ batchId, trays }) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('brick-warehouse');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      // The one edit typed in the grid names the device's owner of the edits.
      const typed = await new Promise<{ owner: string }[]>((ok) => {
        const all = db.transaction('trayEdits').objectStore('trayEdits').getAll();
        all.onsuccess = () => ok(all.result as { owner: string }[]);
      });
      if (typed.length !== 1) throw new Error(`expected the one typed edit, found ${typed.length}`);
      const tx = db.transaction('trayEdits', 'readwrite');
      for (const draft of trays)
        tx.objectStore('trayEdits').put({
          owner: typed[0].owner,
          batch_id: batchId,
          tray_id: draft.tray_id,
          draft,
          at: new Date().toISOString(),
        });
      await new Promise((ok) => (tx.oncomplete = ok));
      db.close();
    },
    { batchId, trays },
  );
}

/** The batch's trays as GET /v1/trays answers them to the manager. */
async function traysOf(baseUrl: string, batchId: number) {
  const api = await managerTrayApi(baseUrl, batchId);
  return (await (await api('GET', '/v1/trays')).json()) as { results: Record<string, unknown>[] };
}

type SavedTray = { tray_nr: number; quantity: number; version: number };

/** The batch's trays as the server's database holds them. */
function savedTrays(dataDir: string, batchId: number): SavedTray[] {
  const db = new Database(join(dataDir, 'warehouse.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select tray_nr, quantity, version from trays where batch_id = ? order by tray_nr')
      .all(batchId) as SavedTray[];
  } finally {
    db.close();
  }
}

function appliedSaves(dataDir: string): number {
  const db = new Database(join(dataDir, 'warehouse.sqlite'), { readonly: true });
  try {
    return (
      db
        .prepare(`select count(*) as n from applied_mutations where name like 'trays.save%'`)
        .get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

/**
 * A digitizer's 500 pending edits of a 2,000-tray batch kept on the device: reopening the editor
 * offline restores them (reload → "500 edits not accepted yet"), then Accept all offline goes to
 * the outbox and, back online, lands once: one applied save, each edited tray written once.
 */
export const batchTraysDurable: Bench = {
  name: 'batch-trays-durable',
  run: () =>
    withDemoBrowser(
      'trays-durable',
      growBatch,
      async ({ dataDir, prepared: batchId, server, browser }) => {
        const { context, page } = await signedInPage(browser, server, MANAGER, PASSWORD);
        page.on('dialog', (dialog) => void dialog.accept());
        await page.goto(`/projects/1/${batchId}`);
        const row = (nr: number) => page.getByRole('row', { name: `tray ${nr}`, exact: true });
        await row(1).waitFor();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

        // One edit typed as a digitizer types it (it takes the claim and names the owner) …
        await row(1).getByRole('gridcell').nth(QUANTITY_CELL).dblclick();
        const input = page.getByRole('textbox', { name: 'quantity of tray 1' });
        await input.fill(String(EDITED(1)));
        await input.press('Enter');
        await page.getByText('1 edit not accepted yet').waitFor();

        // … and 499 more of the trays after it, stored as the editor stores each edit.
        const list = await traysOf(server.baseUrl, batchId);
        const more = list.results
          .filter((r) => Number(r.tray_nr) > 1 && Number(r.tray_nr) <= EDITS)
          .map((r) => ({
            tray_id: r.tray_id,
            item_id: r.item_id,
            mold_id: r.mold_id,
            colour_id: r.colour_id,
            condition: r.condition,
            quantity: EDITED(Number(r.tray_nr)),
            price: r.price,
            status: r.status,
            comments: r.comments,
          }));
        if (more.length !== EDITS - 1) throw new Error(`read ${more.length} trays to edit`);
        await seedEdits(page, batchId, more);

        // Reopen without a network, three times: to the edits restored on screen.
        await context.setOffline(true);
        const reopens: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = Date.now();
          await page.reload();
          await page.getByText(`${EDITS} edits not accepted yet`).waitFor();
          reopens.push(Date.now() - started);
        }

        // Accept all offline, then the network back: to every edit saved on the server.
        const before = savedTrays(dataDir, batchId);
        const savesBefore = appliedSaves(dataDir);
        await page.getByRole('button', { name: 'Accept all changes' }).click();
        await page.getByText(/the accepted edits are kept on this device/).waitFor();
        const online = Date.now();
        await context.setOffline(false);
        const landed = () =>
          savedTrays(dataDir, batchId).every((t) =>
            t.tray_nr <= EDITS ? t.quantity === EDITED(t.tray_nr) : true,
          );
        const deadline = online + 120_000;
        while (!landed()) {
          if (Date.now() > deadline) throw new Error('the accepted edits did not land in 120 s');
          await new Promise((r) => setTimeout(r, 50));
        }
        const drained = Date.now() - online;
        // Wait for the page to settle, then count: one applied save, each tray written once.
        await page.getByText('not sent yet').first().waitFor({ state: 'detached' });
        const after = savedTrays(dataDir, batchId);
        const saves = appliedSaves(dataDir) - savesBefore;
        const written = after.filter((t, i) => t.version !== before[i].version);
        const oneVersion = new Set(written.map((t) => t.version)).size === 1;
        const once = saves === 1 && written.length === EDITS && oneVersion;
        return [
          {
            bench: 'batch-trays-durable',
            measure: `reopen offline with ${EDITS} pending edits restored (2,000 trays)`,
            value: ms(median(reopens)),
            goal: '≤ 1000 ms',
            ok: median(reopens) <= 1000,
            note: `reload → "${EDITS} edits not accepted yet", median of 3; slowest ${ms(Math.max(...reopens))}`,
          },
          {
            bench: 'batch-trays-durable',
            measure: `accept all offline, then online: ${EDITS} edits land once`,
            value: ms(drained),
            goal: 'lands once',
            ok: once,
            note: `${saves} applied save(s); ${written.length} trays written, ${oneVersion ? 'one version' : 'several versions'}; time from the network back to all saved`,
          },
        ];
      },
    ),
};
