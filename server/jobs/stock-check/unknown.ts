import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { itemsWithLooks } from '../../db/item-joins';
import type { Database } from '../../db/schema';
import { findItem } from '../order-intake/catalog';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';
import { unknownLots, type LotInfo, type MarketLot } from './compare';

type Platform = 'BRICKLINK' | 'BRICKOWL';

/** A condition as a person reads it: LIKE_NEW → "like new". */
const conditionWords = (condition: string) => condition.toLowerCase().replace('_', ' ');

/** The BrickOwl colour id of a coloured BOID ("306255-64" → 64), as BrickOwl writes one. */
export function boidColour(boid: string): number | null {
  const colour = /^\d+-(\d+)$/.exec(boid)?.[1];
  return colour === undefined ? null : Number(colour);
}

/**
 * The company's item a lot of the store is, found as order intake finds an order line's: by the
 * BrickLink item number, type and colour, or by BrickOwl's BOID and colour, in the lot's
 * condition. Undefined when the warehouse has no such item.
 */
export function itemOfLot(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  platform: Platform,
  lotId: string,
  info: Pick<LotInfo, 'blItemNo' | 'typeCode' | 'boid' | 'colourId' | 'condition'>,
): Promise<number | undefined> {
  return findItem(db, companyId, storeId, platform, {
    lotId,
    blItemNo: info.blItemNo,
    typeCode: info.typeCode,
    boid: info.boid,
    colourId: info.colourId,
    condition: info.condition,
    quantity: 0,
    unitPrice: 0,
    label: lotId,
  });
}

/** The lot in words: the warehouse item's when it maps to one, else the marketplace's ids. */
async function lotWords(
  db: Kysely<Database>,
  itemId: number | undefined,
  info: LotInfo,
): Promise<string> {
  const condition = `(${conditionWords(info.condition)})`;
  if (itemId !== undefined) {
    const look = await itemsWithLooks(db)
      .select(['m.bl_mold_id', 'm.name as mould', 'c.name as colour'])
      .where('i.id', '=', itemId)
      .executeTakeFirst();
    if (look) {
      return [look.bl_mold_id, look.mould, 'in', look.colour, condition].filter(Boolean).join(' ');
    }
  }
  if (info.boid) return `BrickOwl ${info.boid} ${condition}`;
  const colour = info.colourId ? ` in BrickLink colour ${info.colourId}` : '';
  return `${info.blItemNo ?? '?'} (${info.typeCode ?? '?'})${colour} ${condition}`;
}

/** Marks of lots an upload to the store has sent and not yet settled (it finds them by mark). */
async function settlingMarks(db: Kysely<Database>, storeId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('job_items')
    .select('id')
    .where('store_id', '=', storeId)
    .where('state', '=', 'sent')
    .execute();
  return new Set(rows.map((r) => `bw-${r.id}`));
}

/**
 * Records the store's lots the warehouse does not know, for a person to adopt or remove (Stock
 * issues): a new one is open; one already open or being removed takes what the store lists now;
 * one adopted or removed before that is on the store again, unknown, is open again. An open lot no
 * longer listed as unknown (gone from the store, or a store item holds it now) is dropped; a lot
 * being removed that is gone from the store is removed. Answers how many unknown lots the store
 * holds.
 */
export async function recordUnknownLots(
  ctx: JobContext,
  client: StoreClient,
  lots: MarketLot[],
): Promise<number> {
  const { db, job } = ctx;
  const storeId = client.storeId;
  const known = new Set(
    (
      await db
        .selectFrom('store_items')
        .select('external_lot_id')
        .where('store_id', '=', storeId)
        .where('external_lot_id', 'is not', null)
        .execute()
    ).map((r) => r.external_lot_id!),
  );
  const unknown = unknownLots(lots, known, await settlingMarks(db, storeId));
  const recorded = new Map(
    (
      await db
        .selectFrom('store_unknown_lots')
        .select(['id', 'external_lot_id', 'status'])
        .where('store_id', '=', storeId)
        .execute()
    ).map((r) => [r.external_lot_id, r]),
  );
  const now = nowIso();
  for (const lot of unknown) {
    const info = lot.info;
    if (!info) continue;
    const itemId = await itemOfLot(db, job.company_id, storeId, client.platform, lot.id, info);
    const values = {
      words: await lotWords(db, itemId, info),
      item_id: itemId ?? null,
      quantity: lot.quantity,
      price: Math.max(0, lot.price),
      bl_item_no: info.blItemNo,
      item_type: info.typeCode,
      boid: info.boid,
      colour_id: info.colourId,
      condition: info.condition,
      note_public: info.notePublic,
      note_private: info.notePrivate,
      tier_price: info.fields.tierPrice,
      bulk_size: info.fields.bulk,
      sale_rate: info.fields.sale,
      retain: info.fields.retain ? (1 as const) : (0 as const),
      stockroom: info.fields.stockroom,
      seen_at: now,
    };
    const before = recorded.get(lot.id);
    if (!before) {
      await db
        .insertInto('store_unknown_lots')
        .values({
          ...values,
          company_id: job.company_id,
          store_id: storeId,
          external_lot_id: lot.id,
          status: 'open',
          found_at: now,
          error: null,
          resolved_at: null,
          resolved_by_user_id: null,
        })
        .execute();
    } else {
      const again = before.status === 'adopted' || before.status === 'removed';
      await db
        .updateTable('store_unknown_lots')
        .set({
          ...values,
          ...(again
            ? {
                status: 'open' as const,
                found_at: now,
                error: null,
                resolved_at: null,
                resolved_by_user_id: null,
              }
            : {}),
        })
        .where('id', '=', before.id)
        .execute();
    }
  }
  const listed = new Set(lots.map((l) => l.id));
  const stillUnknown = new Set(unknown.map((l) => l.id));
  const dropped = [...recorded.values()].filter(
    (r) => r.status === 'open' && !stillUnknown.has(r.external_lot_id),
  );
  if (dropped.length > 0) {
    await db
      .deleteFrom('store_unknown_lots')
      .where(
        'id',
        'in',
        dropped.map((r) => r.id),
      )
      .where('status', '=', 'open')
      .execute();
  }
  const gone = [...recorded.values()].filter(
    (r) => r.status === 'removing' && !listed.has(r.external_lot_id),
  );
  if (gone.length > 0) {
    await db
      .updateTable('store_unknown_lots')
      .set({ status: 'removed', resolved_at: now })
      .where(
        'id',
        'in',
        gone.map((r) => r.id),
      )
      .where('status', '=', 'removing')
      .execute();
  }
  return unknown.length;
}
