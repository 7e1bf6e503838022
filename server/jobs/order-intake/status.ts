import { sql, type Kysely, type Transaction } from 'kysely';
import { PickingStatus } from '../../../contract/orders';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { toSend } from '../stock-sync/items';
import { floorTransition, isOnFloor } from '../../modules/orders/floor';
import { transactionCtx } from '../../write/context';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';
import { readOrderStatus } from './market';

/** Statuses after which the warehouse no longer follows an order on its store. */
export const CLOSED_STATUSES = ['SHIPPED', 'RECEIVED', 'COMPLETED', 'CANCELLED'];
/** Orders read one by one in a run, at most: BrickLink's 5,000 calls a day serve everything. */
export const STATUS_READS_PER_RUN = 50;
/** The day's last BrickLink calls are left to listings and new orders' items, not to status reads. */
export const STATUS_READ_RESERVE = 100;
export const CANCELLED_ISSUE = 'Cancelled on the store';

interface Followed {
  id: number;
  number: string;
  status: string;
}

/**
 * Brings the store's imported orders that are still open in the warehouse up to their status on
 * the store. An order the listing named takes the status it showed (no call); the others are read
 * one by one, at most STATUS_READS_PER_RUN a run, oldest first, each run going on after the last
 * order the previous run read (so an order the store no longer knows does not hold up the rest).
 * Answers how many orders changed, and whether a cancelled order gave stock back to the offers
 * (then every store's stock sync is due).
 */
export async function refreshStatuses(
  ctx: JobContext,
  client: StoreClient,
  listed: Map<string, string>,
  statusIds: Map<string, number>,
): Promise<{ changed: number; gaveBack: boolean }> {
  const { db, job } = ctx;
  const followed: Followed[] = (
    await db
      .selectFrom('orders as o')
      .innerJoin('order_statuses as st', 'st.id', 'o.status_id')
      .select(['o.id', 'o.order_number', 'st.name'])
      .where('o.company_id', '=', job.company_id)
      .where('o.store_id', '=', client.storeId)
      .where('o.store_platform', '=', client.platform)
      .where('st.name', 'not in', CLOSED_STATUSES)
      .orderBy('o.id')
      .execute()
  ).map((o) => ({ id: Number(o.id), number: o.order_number, status: o.name }));

  let changed = 0;
  let gaveBack = false;
  const apply = async (order: Followed, status: string | undefined) => {
    const statusId = status === undefined ? undefined : statusIds.get(status);
    if (status === undefined || statusId === undefined || status === order.status) return;
    if (await writeStatus(db, job.company_id, order.id, statusId, status)) gaveBack = true;
    changed += 1;
  };
  const unlisted: Followed[] = [];
  for (const order of followed) {
    if (listed.has(order.number)) await apply(order, listed.get(order.number));
    else unlisted.push(order);
  }
  if (unlisted.length === 0) return { changed, gaveBack };

  const after = await lastOrderRead(db, job.id, job.kind, client.storeId);
  const due = [...unlisted.filter((o) => o.id > after), ...unlisted.filter((o) => o.id <= after)];
  const reads = Math.min(due.length, readsAllowed(client));
  let lastRead: number | undefined;
  try {
    for (let n = 0; n < reads; n++) {
      if (ctx.signal.aborted) break;
      await ctx.progress('Checking orders the store no longer lists as open', n, reads);
      const status = await readOrderStatus(client, due[n].number);
      lastRead = due[n].id;
      await apply(due[n], status);
    }
  } finally {
    if (lastRead !== undefined) await rememberLastRead(db, job.id, lastRead);
  }
  return { changed, gaveBack };
}

function readsAllowed(client: StoreClient): number {
  if (client.platform === 'BRICKOWL') return STATUS_READS_PER_RUN;
  const left = client.bricklink.budget.remaining - STATUS_READ_RESERVE;
  return Math.max(0, Math.min(STATUS_READS_PER_RUN, left));
}

/** The last order read by this store's latest intake that read one (0: none yet). */
async function lastOrderRead(
  db: Kysely<Database>,
  jobId: number,
  kind: string,
  storeId: number,
): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select('payload')
    .where('kind', '=', kind)
    .where('store_id', '=', storeId)
    .where('id', '<=', jobId)
    .where('payload', 'like', '%"status_read_after"%')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const after = row ? (JSON.parse(row.payload) as { status_read_after?: unknown }) : {};
  return typeof after.status_read_after === 'number' ? after.status_read_after : 0;
}

async function rememberLastRead(db: Kysely<Database>, jobId: number, orderId: number) {
  const row = await db
    .selectFrom('jobs')
    .select('payload')
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!row) return;
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  await db
    .updateTable('jobs')
    .set({ payload: JSON.stringify({ ...payload, status_read_after: orderId }) })
    .where('id', '=', jobId)
    .execute();
}

/** The problem text of a cancelled order, keeping an issue already written. */
function withCancelled(issue: string | null): string {
  if (!issue?.trim()) return CANCELLED_ISSUE;
  if (issue.includes(CANCELLED_ISSUE)) return issue;
  return `${CANCELLED_ISSUE}; ${issue}`.slice(0, 2000);
}

/**
 * Writes an order's new status in its own transaction, stamped with the company's sync version so
 * that pickers' devices learn it on their next pull. A cancelled order not yet picked becomes a
 * problem ('Cancelled on the store'); when no one holds it, it is also no longer pickable and
 * leaves the floor (devices get its tombstone). One being picked stays with its picker, who sees
 * the problem: the orders module makes an order not pickable only while unassigned. What such an
 * order still held back is given back to the offers (givesBackCancelled). Answers whether any was.
 */
async function writeStatus(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
  statusId: number,
  status: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // No person made the change: the store did. floorTransition reads only the company and version.
    const wctx = transactionCtx(trx, companyId, 0);
    const version = await wctx.version();
    const o = await trx
      .selectFrom('orders')
      .select(['pickable', 'picking_status_id', 'picker_issue'])
      .where('id', '=', orderId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!o) return false;
    const picking = Number(o.picking_status_id);
    const set: {
      status_id: number;
      updated_at: string;
      version: number;
      has_problem?: 0 | 1;
      picker_issue?: string;
      pickable?: 0 | 1;
    } = { status_id: statusId, updated_at: nowIso(), version };
    let gaveBack = false;
    if (status === 'CANCELLED' && picking !== PickingStatus.PICKED) {
      set.has_problem = 1;
      set.picker_issue = withCancelled(o.picker_issue);
      if (picking === PickingStatus.UNASSIGNED) set.pickable = 0;
      gaveBack = await givesBackCancelled(trx, companyId, orderId);
    }
    await trx.updateTable('orders').set(set).where('id', '=', orderId).execute();
    const before = { pickable: Number(o.pickable), picking_status_id: picking };
    const after = { pickable: set.pickable ?? before.pickable, picking_status_id: picking };
    await floorTransition(trx, wctx, orderId, isOnFloor(before), isOnFloor(after));
    return gaveBack;
  });
}

/**
 * A cancelled order no longer holds its stock back: for each of its items, what it still held
 * (ordered less picked) goes back on sale. On the store that sold it, the lot gets back what the
 * sale took off it; on the company's other stores, an offer gets back up to what the stock sync
 * had taken off it while the stock was held (`held_back`), so it never goes above what a person
 * put on sale. The raised offers wait to be sent; the stock sync that follows first lowers them
 * again to what can really be sold. Stock already picked stays where it is: a person puts it
 * back. Answers whether any offer went up.
 */
export async function givesBackCancelled(
  trx: Transaction<Database>,
  companyId: number,
  orderId: number,
): Promise<boolean> {
  const lines = await trx
    .selectFrom('order_items')
    .select(['item_id', 'quantity_ordered', 'quantity_picked'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .execute();
  const held = new Map<number, number>();
  for (const l of lines) {
    const left = Number(l.quantity_ordered) - Number(l.quantity_picked);
    if (left > 0) held.set(Number(l.item_id), (held.get(Number(l.item_id)) ?? 0) + left);
  }
  const order = await trx
    .selectFrom('orders')
    .select('store_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  const sellingStore = order?.store_id ?? null;
  let raised = 0;
  const now = nowIso();
  for (const [itemId, quantity] of held) {
    if (sellingStore !== null) {
      const sold = await trx
        .updateTable('store_items')
        .set((eb) => ({
          store_quantity: eb('store_quantity', '+', quantity),
          ...toSend(eb, now),
        }))
        .where('company_id', '=', companyId)
        .where('store_id', '=', sellingStore)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      raised += Number(sold.numUpdatedRows);
    }
    const back = sql<number>`case when held_back < ${quantity} then held_back else ${quantity} end`;
    let others = trx
      .updateTable('store_items')
      .set((eb) => ({
        store_quantity: eb('store_quantity', '+', back),
        held_back: eb('held_back', '-', back),
        ...toSend(eb, now),
      }))
      .where('company_id', '=', companyId)
      .where('item_id', '=', itemId)
      .where('held_back', '>', 0);
    if (sellingStore !== null) others = others.where('store_id', '<>', sellingStore);
    raised += Number((await others.executeTakeFirst()).numUpdatedRows);
  }
  return raised > 0;
}
