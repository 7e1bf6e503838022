import { sql, type Kysely } from 'kysely';
import {
  SyncBatchMessages as M,
  type ConvertedLot,
  type ConvertLot,
  type SyncBatchItem,
  type SyncBatchRow,
} from '../../../contract/sync-batches';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { notFound } from '../../errors';
import { joinItemLooks } from '../../db/item-joins';
import { mustBeCompanyRow } from '../../write/company-row';

const CHUNK = 500;

function chunks<T>(all: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

export interface CatalogMould {
  id: number;
  name: string;
  type_name: string;
  category_name: string | null;
  image_url: string | null;
}
export interface CatalogColour {
  id: number;
  name: string;
  hex: string;
}
export interface CatalogMatch {
  mould: CatalogMould | null;
  colour: CatalogColour | null;
}

/**
 * The catalog's mould and colour of each lot (BrickLink ids; the mould must have the lot's item
 * type). Colour 0 ("not applicable", non-parts) is the colour the company already keeps that
 * mould in, else the catalog's first colour, so a set always lands on one item per condition.
 */
export async function matchLots(
  db: Kysely<Database>,
  companyId: number,
  lots: ConvertLot[],
): Promise<CatalogMatch[]> {
  const ids = [...new Set(lots.map((l) => l.bl_item_id))];
  const moulds = new Map<string, CatalogMould>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('moulds as m')
      .innerJoin('item_types as t', 't.id', 'm.type_id')
      .leftJoin('categories as c', 'c.id', 'm.category_id')
      .select([
        'm.id',
        'm.name',
        'm.bl_mold_id',
        'm.image_url',
        't.bsx_code',
        't.name as type_name',
      ])
      .select('c.name as category_name')
      .where('m.bl_mold_id', 'in', part)
      .orderBy('m.id')
      .execute();
    for (const r of rows) {
      const key = `${r.bsx_code}:${r.bl_mold_id}`;
      if (!moulds.has(key)) moulds.set(key, { ...r, id: Number(r.id) });
    }
  }
  const colourRows = await db
    .selectFrom('colours')
    .select(['id', 'name', 'hex', 'bl_colour_id'])
    .orderBy('id')
    .execute();
  const byBl = new Map<number, CatalogColour>();
  for (const c of colourRows) {
    if (c.bl_colour_id !== null && !byBl.has(Number(c.bl_colour_id))) {
      byBl.set(Number(c.bl_colour_id), { id: Number(c.id), name: c.name, hex: c.hex });
    }
  }
  const noColourIds = [
    ...new Set(
      lots
        .filter((l) => l.colour_id === 0 && !byBl.has(0))
        .map((l) => moulds.get(`${l.item_type_id}:${l.bl_item_id}`)?.id)
        .filter((m): m is number => m !== undefined),
    ),
  ];
  const keptIn = new Map<number, CatalogColour>();
  for (const part of chunks(noColourIds)) {
    const rows = await db
      .selectFrom('items as i')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['i.mold_id', 'c.id', 'c.name', 'c.hex'])
      .where('i.company_id', '=', companyId)
      .where('i.mold_id', 'in', part)
      .orderBy('i.id')
      .execute();
    for (const r of rows) {
      const m = Number(r.mold_id);
      if (!keptIn.has(m)) keptIn.set(m, { id: Number(r.id), name: r.name, hex: r.hex });
    }
  }
  const first = colourRows[0]
    ? { id: Number(colourRows[0].id), name: colourRows[0].name, hex: colourRows[0].hex }
    : null;
  return lots.map((l) => {
    const mould = moulds.get(`${l.item_type_id}:${l.bl_item_id}`) ?? null;
    let colour = byBl.get(l.colour_id) ?? null;
    if (!colour && l.colour_id === 0 && mould) colour = keptIn.get(mould.id) ?? first;
    return { mould, colour };
  });
}

const stockKey = (mould: number, colour: number) => `${mould}:${colour}`;

/**
 * The pieces the company holds in its locations of each matched mould and colour, any condition
 * (by `stockKey`); a pair it holds none of is absent.
 */
export async function heldInLocations(
  db: Kysely<Database>,
  companyId: number,
  matches: CatalogMatch[],
): Promise<Map<string, number>> {
  const moulds = [...new Set(matches.flatMap((m) => (m.mould && m.colour ? [m.mould.id] : [])))];
  const held = new Map<string, number>();
  for (const part of chunks(moulds)) {
    const rows = await db
      .selectFrom('location_content as lc')
      .innerJoin('items as i', 'i.id', 'lc.item_id')
      .select(['i.mold_id', 'i.colour_id', sql<string>`sum(lc.quantity)`.as('n')])
      .where('lc.company_id', '=', companyId)
      .where('i.mold_id', 'in', part)
      .groupBy(['i.mold_id', 'i.colour_id'])
      .execute();
    for (const r of rows) held.set(stockKey(Number(r.mold_id), Number(r.colour_id)), Number(r.n));
  }
  return held;
}

export const converted = (m: CatalogMatch, held: Map<string, number>): ConvertedLot => ({
  found: m.mould !== null && m.colour !== null,
  mold_name: m.mould?.name ?? null,
  type_name: m.mould?.type_name ?? null,
  category_name: m.mould?.category_name ?? null,
  colour_name: m.colour?.name ?? null,
  colour_hex: m.colour?.hex ?? null,
  url: m.mould?.image_url ?? null,
  in_warehouse: m.mould && m.colour ? (held.get(stockKey(m.mould.id, m.colour.id)) ?? 0) : 0,
});

/** The company's sync batches, newest first, one page. */
export async function batchPage(
  db: Kysely<Database>,
  companyId: number,
  page: number,
  limit: number,
): Promise<{ results: SyncBatchRow[]; total: number }> {
  const counts = db
    .selectFrom('sync_batch_items')
    .select(['sync_batch_id', sql<string>`count(*)`.as('n')])
    .where('company_id', '=', companyId)
    .groupBy('sync_batch_id');
  const rows = await db
    .selectFrom('sync_batches as b')
    .leftJoin(counts.as('n'), 'n.sync_batch_id', 'b.id')
    .leftJoin('users as u', 'u.id', 'b.creator_user_id')
    .select(['b.id', 'b.name', 'b.project_id', 'b.date_of_creation', 'b.comments', 'b.status'])
    .select(['b.currency', 'b.lots_expected', 'n.n', 'u.name as creator_name'])
    .where('b.company_id', '=', companyId)
    .orderBy('b.date_of_creation', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await countRows(db.selectFrom('sync_batches').where('company_id', '=', companyId));
  return {
    total,
    results: rows.map((r) => ({
      batch_id: Number(r.id),
      name: r.name,
      project_id: r.project_id === null ? null : Number(r.project_id),
      date_of_creation: String(r.date_of_creation),
      comments: r.comments,
      status: r.status,
      items: Number(r.n ?? 0),
      creator_name: r.creator_name,
      currency: r.currency,
      lots_expected: r.lots_expected === null ? null : Number(r.lots_expected),
    })),
  };
}

/** The company's batch, or 404 (also for another company's id). */
export async function mustFindSyncBatch(db: Kysely<Database>, companyId: number, batchId: number) {
  await mustBeCompanyRow(db, 'sync_batches', companyId, batchId, () => notFound(M.batchNotFound));
}

/** How many lots the batch holds. */
export async function lotCount(db: Kysely<Database>, batchId: number): Promise<number> {
  return countRows(db.selectFrom('sync_batch_items').where('sync_batch_id', '=', batchId));
}

/** One batch as a list row. */
export async function batchRow(db: Kysely<Database>, companyId: number, batchId: number) {
  await mustFindSyncBatch(db, companyId, batchId);
  const rows = await db
    .selectFrom('sync_batches as b')
    .leftJoin('users as u', 'u.id', 'b.creator_user_id')
    .select(['b.id', 'b.name', 'b.project_id', 'b.date_of_creation', 'b.comments', 'b.status'])
    .select(['b.currency', 'b.lots_expected', 'u.name as creator_name'])
    .where('b.id', '=', batchId)
    .executeTakeFirstOrThrow();
  const items = await lotCount(db, batchId);
  return {
    batch_id: Number(rows.id),
    name: rows.name,
    project_id: rows.project_id === null ? null : Number(rows.project_id),
    date_of_creation: String(rows.date_of_creation),
    comments: rows.comments,
    status: rows.status,
    items,
    creator_name: rows.creator_name,
    currency: rows.currency,
    lots_expected: rows.lots_expected === null ? null : Number(rows.lots_expected),
  };
}

/** The batch's items with what the screens show of their catalog entry, in import order. */
export async function batchItems(
  db: Kysely<Database>,
  companyId: number,
  batchId: number,
): Promise<SyncBatchItem[]> {
  const held = db
    .selectFrom('location_content')
    .select(['item_id', sql<string>`sum(quantity)`.as('n')])
    .where('company_id', '=', companyId)
    .where('item_id', 'in', (eb) =>
      eb
        .selectFrom('sync_batch_items')
        .select('item_id')
        .where('company_id', '=', companyId)
        .where('sync_batch_id', '=', batchId),
    )
    .groupBy('item_id');
  const rows = await db
    .selectFrom('sync_batch_items as s')
    .$call(joinItemLooks('s.item_id'))
    .leftJoin(held.as('held'), 'held.item_id', 's.item_id')
    .leftJoin('item_types as t', 't.id', 'm.type_id')
    .leftJoin('categories as k', 'k.id', 'm.category_id')
    .leftJoin('themes as th', 'th.id', 'm.theme_id')
    .select(['s.id', 's.item_id', 's.bl_item_id', 's.quantity', 's.price'])
    .select(['s.note_private', 's.note_public', 'i.condition', 'i.completeness'])
    .select(['m.name as mold_name', 'm.image_url', 'c.name as colour_name', 'c.hex'])
    .select(['t.name as type_name', 'k.name as category_name', 'th.name as theme_name'])
    .select(['t.bsx_code', 's.bl_colour_id', 'c.bl_colour_id as catalog_bl_colour_id'])
    .select(['s.tier_price', 's.bulk_size', 's.sale_rate', 's.retain', 's.stockroom'])
    .select('held.n as in_warehouse')
    .where('s.company_id', '=', companyId)
    .where('s.sync_batch_id', '=', batchId)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    item_id: Number(r.item_id),
    bl_item_id: r.bl_item_id,
    url: r.image_url,
    colour_hex: r.hex,
    type_name: r.type_name,
    category_name: r.category_name,
    mold_name: r.mold_name,
    colour_name: r.colour_name,
    condition: r.condition,
    completeness: r.completeness,
    theme_name: r.theme_name,
    note_private: r.note_private,
    note_public: r.note_public,
    quantity: Number(r.quantity),
    price: Number(r.price ?? 0),
    item_type: r.bsx_code ?? null,
    bl_colour_id: nullableNumber(r.bl_colour_id ?? r.catalog_bl_colour_id),
    tiers: tiersOf(r.tier_price),
    bulk: Number(r.bulk_size),
    sale: Number(r.sale_rate),
    retain: Number(r.retain) === 1,
    stockroom: r.stockroom,
    in_warehouse: Number(r.in_warehouse ?? 0),
  }));
}

const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

/** Stored tiers ('Q1:P1,Q2:P2,Q3:P3') as a list. */
export function tiersOf(text: string | null): { quantity: number; price: number }[] {
  if (!text) return [];
  return text.split(',').map((t) => {
    const [quantity, price] = t.split(':').map(Number);
    return { quantity, price };
  });
}
