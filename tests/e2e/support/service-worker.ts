import type { BrowserContext, Page } from '@playwright/test';

/**
 * The service worker seen from outside the app, through the DevTools protocol: its registration
 * (to fire a Background Sync at it with no page open) and the device's IndexedDB (the outbox and
 * the stored session the worker reads).
 */

interface RegistrationEvent {
  registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }>;
}

/**
 * Fire a Background Sync event at the app's worker, as the browser does when the network returns.
 * The browser target has no ServiceWorker domain, so the call goes through a blank page (not a page
 * of the app: the worker has no client), closed again at once.
 */
export async function dispatchSync(
  context: BrowserContext,
  origin: string,
  tag = 'outbox',
  lastChance = false,
): Promise<void> {
  const blank = await context.newPage();
  try {
    const cdp = await context.newCDPSession(blank);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: RegistrationEvent) => {
        const app = event.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
        if (app) resolve(app.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: await registrationId,
      tag,
      lastChance,
    });
    await cdp.detach();
  } finally {
    await blank.close();
  }
}

/** One record of the device's `meta` table (raw IndexedDB, as the app's Dexie stores it). */
export async function readMeta<T>(page: Page, key: string): Promise<T | undefined> {
  return page.evaluate(
    (k) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('brick-warehouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('meta').objectStore('meta').get(k);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { value: T } | undefined)?.value);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

/** Overwrite one record of the device's `meta` table. */
export async function writeMeta(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    ([k, v]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('brick-warehouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('meta', 'readwrite');
          tx.objectStore('meta').put({ key: k, value: v });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    [key, value] as const,
  );
}

export interface QueuedEntry {
  id: string;
  name: string;
  args: Record<string, unknown>;
  state: string;
}

/** The device's outbox, in seq order. */
export async function outboxEntries(page: Page): Promise<QueuedEntry[]> {
  return page.evaluate(
    () =>
      new Promise<QueuedEntry[]>((resolve, reject) => {
        const open = indexedDB.open('brick-warehouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            const rows = all.result as Array<QueuedEntry & { seq: number }>;
            rows.sort((a, b) => a.seq - b.seq);
            resolve(rows.map(({ id, name, args, state }) => ({ id, name, args, state })));
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}
