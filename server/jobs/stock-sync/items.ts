import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** A store item with a change to send, as it was read (its `seq` tells later changes apart). */
export interface StoreChange {
  id: number;
  itemId: number;
  lotId: string | null;
  seq: number;
  quantity: number;
  listed: number;
  sending: number | null;
  /** thousandths */
  price: number;
  tierPrice: string | null;
  bulk: number | null;
  /** Percent off, -99 to 100. */
  sale: number;
  /** Kept on the store at quantity 0 instead of deleted. */
  retain: boolean;
  /** BrickLink's stockroom: never on public sale. */
  stockroom: 'A' | 'B' | 'C' | null;
  notePublic: string;
  notePrivate: string;
  /** Why it could not be sent, once known. */
  error?: string;
}

function columns(db: Kysely<Database>) {
  return db
    .selectFrom('store_items')
    .select([
      'id',
      'item_id',
      'external_lot_id',
      'change_seq',
      'store_quantity',
      'listed_quantity',
      'sending_quantity',
      'store_price',
      'tier_price',
      'bulk_size',
      'sale_rate',
      'retain',
      'stockroom',
      'note_public',
      'note_private',
    ]);
}

/** The store's items with a change to send, or a change whose answer was lost. */
export async function storeChanges(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
): Promise<StoreChange[]> {
  const rows = await columns(db)
    .where('company_id', '=', companyId)
    .where('store_id', '=', storeId)
    .where((w) => w.or([w('needs_upload', '=', 1), w('sending_quantity', 'is not', null)]))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    itemId: Number(r.item_id),
    lotId: r.external_lot_id,
    seq: Number(r.change_seq),
    quantity: Number(r.store_quantity),
    listed: Number(r.listed_quantity),
    sending: r.sending_quantity === null ? null : Number(r.sending_quantity),
    price: Number(r.store_price),
    tierPrice: r.tier_price,
    bulk: r.bulk_size === null ? null : Number(r.bulk_size),
    sale: Number(r.sale_rate),
    retain: Number(r.retain) === 1,
    stockroom: r.stockroom,
    notePublic: r.note_public,
    notePrivate: r.note_private,
  }));
}

/**
 * What every change to a store item's offer also sets: the item waits to be sent, its change_seq
 * grows (so a send that read it before the change leaves it waiting), and the time of the change.
 */
export function toSend(eb: ExpressionBuilder<Database, 'store_items'>, now: string) {
  return { needs_upload: 1 as const, change_seq: eb('change_seq', '+', 1), updated_at: now };
}

/** The item no longer waits, unless someone changed it since it was read. */
async function clearWaiting(trx: Transaction<Database>, change: StoreChange): Promise<void> {
  await trx
    .updateTable('store_items')
    .set({ needs_upload: 0 })
    .where('id', '=', change.id)
    .where('change_seq', '=', change.seq)
    .execute();
}

/** Recorded before a quantity change leaves: the quantity the lot will hold once it lands. */
export async function markSending(db: Kysely<Database>, change: StoreChange): Promise<void> {
  await db
    .updateTable('store_items')
    .set({ sending_quantity: change.quantity })
    .where('id', '=', change.id)
    .execute();
  change.sending = change.quantity;
}

/**
 * The change landed: the lot holds `delta` more (or less) than before. Sales imported meanwhile
 * lowered `listed_quantity` themselves, so the delta is added rather than a total written. The
 * item counts as sent only if nobody changed it since it was read.
 */
export async function markLanded(
  db: Kysely<Database>,
  change: StoreChange,
  delta: number,
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('store_items')
      .set((eb) => ({
        listed_quantity: eb('listed_quantity', '+', delta),
        sending_quantity: null,
        synced_at: now,
      }))
      .where('id', '=', change.id)
      .execute();
    await clearWaiting(trx, change);
  });
  change.listed += delta;
  change.sending = null;
}

/**
 * A change whose answer was lost did land: the lot holds what was sent. Whether the item still
 * waits is left as it is: a change made since (a later edit, a lowered offer) is still to be sent.
 */
export async function markSendingLanded(db: Kysely<Database>, change: StoreChange): Promise<void> {
  const delta = (change.sending ?? change.listed) - change.listed;
  await db
    .updateTable('store_items')
    .set((eb) => ({ listed_quantity: eb('listed_quantity', '+', delta), sending_quantity: null }))
    .where('id', '=', change.id)
    .execute();
  change.listed += delta;
  change.sending = null;
}

/** The lot is gone from the store (deleted at 0, or found gone): the store item goes too. */
export async function removeStoreItem(db: Kysely<Database>, change: StoreChange): Promise<void> {
  await db.deleteFrom('store_items').where('id', '=', change.id).execute();
}

/**
 * A change the store refused, or a lot that does not hold what the warehouse expected: a stock
 * error for a person, and the item is not sent again until someone changes it.
 */
export async function reportProblem(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  change: StoreChange,
  description: string,
  listed?: number,
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stock_item_errors')
      .values({
        company_id: companyId,
        store_id: storeId,
        store_item_id: change.id,
        item_id: change.itemId,
        description,
        created_at: now,
        resolved_at: null,
      })
      .execute();
    await trx
      .updateTable('store_items')
      .set({
        sending_quantity: null,
        ...(listed === undefined ? {} : { listed_quantity: listed }),
        updated_at: now,
      })
      .where('id', '=', change.id)
      .execute();
    await clearWaiting(trx, change);
  });
  change.sending = null;
  if (listed !== undefined) change.listed = listed;
}
