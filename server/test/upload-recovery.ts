import { expect } from 'vitest';
import type { FakeBrickLink } from '../../tests/support/fake-bricklink';
import type { FakeBrickOwl } from '../../tests/support/fake-brickowl';
import { startFaultProxy, type FaultProxy } from '../../tests/support/fault-proxy';
import type { App } from '../app';
import { storeRequest } from './jobs';
import { setStock } from './stock-sync';

/** Helpers of the upload recovery suite (not used by the server). */

export interface LossyLink {
  proxy: FaultProxy;
  /** The fake's API address through the proxy. */
  url: string;
  /** Decides which answers are lost: below 0.1 (in 10% mode) or 0.5 (one answer) loses it. */
  setRandom(random: () => number): void;
}

/** A fault proxy in front of a fake marketplace, with a reproducible random source. */
export async function proxyFor(fakeUrl: string): Promise<LossyLink> {
  const target = new URL(fakeUrl);
  let random = seeded(SEED);
  const proxy = await startFaultProxy({
    target: { host: target.hostname, port: Number(target.port) },
    random: () => random(),
  });
  return {
    proxy,
    url: `${proxy.url}${target.pathname}`,
    setRandom: (next) => (random = next),
  };
}

/** A seed whose first answers lost include a create's on each marketplace (both proxies use it). */
const SEED = 9;

/** Loses 10% of the answers (the requests reach the fake; their answers are cut). */
export async function loseTenPercent(link: LossyLink, seed = SEED): Promise<void> {
  link.setRandom(seeded(seed));
  link.proxy.resetStats();
  await link.proxy.setMode({ dropAfter: 0.1 });
}

/** Loses exactly the answer of the `nth` request from now. */
export async function loseOnly(link: LossyLink, nth: number): Promise<void> {
  let n = 0;
  link.setRandom(() => (++n === nth ? 0 : 1));
  link.proxy.resetStats();
  await link.proxy.setMode({ dropAfter: 0.5 });
}

export async function loseNone(link: LossyLink): Promise<void> {
  await link.proxy.setMode('pass');
  link.proxy.resetStats();
}

/** Each item's stock: plenty, so the stock-sync step of an upload lowers no offer. */
export async function plentyOfStock(app: App, companyId: number, itemIds: number[]) {
  for (const itemId of itemIds) await setStock(app, companyId, itemId, 1000);
}

/** A reproducible random source (a linear congruential generator). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Edits a store's credentials through the API, as a person fixing a wrong one in Stores does. */
export async function setCredentials(
  app: App,
  auth: string,
  storeId: number,
  credentials: Record<string, string>,
): Promise<void> {
  const url = `/v2/stores/${storeId}`;
  const got = await storeRequest(app, auth, 'GET', url);
  const { name, platform, external_id } = got.json().data.attributes;
  const res = await storeRequest(app, auth, 'PATCH', url, {
    name,
    platform,
    external_id,
    credentials,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The fakes' lots now, to tell the lots a test created from those of earlier tests. */
export function lotsBefore(bl: FakeBrickLink, bo: FakeBrickOwl) {
  return { bl: new Set(bl.inventory.keys()), bo: new Set(bo.lots.keys()) };
}

/**
 * Every lot of the batch is on the store exactly once: the store's new lots on the fake are the
 * batch's lots (by quantity, which the test batches make unique per lot), none twice and none
 * missing, each recorded on its store item with its lot id.
 */
export async function expectEachLotOnce(
  app: App,
  store: { id: number; platform: 'BRICKLINK' | 'BRICKOWL' },
  batchId: number,
  newLots: Map<string, number>,
): Promise<void> {
  const batch = await app.db
    .selectFrom('sync_batch_items')
    .select(['item_id', 'quantity'])
    .where('sync_batch_id', '=', batchId)
    .execute();
  const wanted = batch.map((b) => Number(b.quantity)).sort((a, b) => a - b);
  expect(
    [...newLots.values()].sort((a, b) => a - b),
    `${store.platform} lots`,
  ).toEqual(wanted);
  const stored = await app.db
    .selectFrom('store_items')
    .select(['item_id', 'external_lot_id', 'store_quantity'])
    .where('store_id', '=', store.id)
    .execute();
  const byItem = new Map(stored.map((s) => [Number(s.item_id), s]));
  for (const b of batch) {
    const row = byItem.get(Number(b.item_id));
    expect(row, `store item of item ${b.item_id}`).toBeDefined();
    expect(newLots.get(row!.external_lot_id!)).toBe(Number(b.quantity));
    expect(Number(row!.store_quantity)).toBe(Number(b.quantity));
  }
}

/** The lots a fake holds that were not there `before`: lot id → quantity. */
export function newBrickLinkLots(bl: FakeBrickLink, before: Set<number>): Map<string, number> {
  return new Map(
    [...bl.inventory.values()]
      .filter((l) => !before.has(l.inventory_id))
      .map((l) => [String(l.inventory_id), l.quantity]),
  );
}

export function newBrickOwlLots(bo: FakeBrickOwl, before: Set<string>): Map<string, number> {
  return new Map(
    [...bo.lots.values()]
      .filter((l) => !before.has(l.lot_id))
      .map((l) => [l.lot_id, Number(l.quantity)]),
  );
}

/** Uploads a batch as the batch page does (to every store of the company with credentials). */
export async function uploadBatch(app: App, auth: string, batchId: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/sync_batch_upload?batch_id=${batchId}`,
    headers: { authorization: auth },
    payload: { items: [] },
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { jobs: { id: number; store_id: number }[] }).jobs;
}

export function retry(app: App, auth: string, jobId: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/job_retry',
    headers: { authorization: auth },
    payload: { job_id: jobId },
  });
}

/** Deletes stores (with their jobs), so a later upload of the suite goes to its own stores only. */
export async function removeStores(app: App, auth: string, ids: number[]): Promise<void> {
  for (const id of ids) {
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v2/stores/${id}`,
      headers: { authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(204);
  }
}
