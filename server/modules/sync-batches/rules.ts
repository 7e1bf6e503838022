import type { Transaction } from 'kysely';
import {
  checkNewBatchItems,
  lotLabel,
  SyncBatchMessages as M,
  type NewBatchBody,
} from '../../../contract/sync-batches';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { refuse, type WriteCtx } from '../../write/context';
import { mustFindProject } from '../projects/queries';
import { matchLots } from './queries';

type Trx = Transaction<Database>;

/** Every check of a new batch at once: the name, the project, the lots and the catalog. */
export async function checkNewBatch(trx: Trx, ctx: WriteCtx, body: NewBatchBody) {
  const problems: string[] = [];
  if (body.name === '') problems.push(M.nameEmpty);
  if (body.items.length === 0) problems.push(M.noItems);
  if (body.lots !== undefined && body.lots < body.items.length) problems.push(M.lotsBelowItems);
  if (body.project_id !== null) await mustFindProject(trx, ctx.companyId, body.project_id);
  const checked = await checkLots(trx, ctx, body.items);
  return { problems: [...problems, ...checked.problems], matches: checked.matches };
}

/** The checks of lots to add to a batch, and their catalog matches. */
export async function checkLots(trx: Trx, ctx: WriteCtx, items: NewBatchBody['items']) {
  const problems = checkNewBatchItems(items);
  const matches = await matchLots(trx, ctx.companyId, items);
  matches.forEach((m, i) => {
    if (!m.mould || !m.colour) problems.push(M.notInCatalog(lotLabel(items[i])));
  });
  return { problems, matches };
}

type Key = string;
const variantKey = (mold: number, colour: number, condition: string, completeness: unknown) =>
  `${mold}:${colour}:${condition}:${completeness ?? ''}`;
type Matches = Awaited<ReturnType<typeof checkNewBatch>>['matches'];
type Lot = NewBatchBody['items'][number];
const SLICE = 500;

/** Tiers as stored: 'Q1:P1,Q2:P2,Q3:P3' (prices in thousandths), null for none. */
export const tierText = (tiers: Lot['tiers']): string | null =>
  tiers.length === 0 ? null : tiers.map((t) => `${t.quantity}:${t.price}`).join(',');

/**
 * Creates the batch with its first lots (all of them, or the first chunk when `lots` announces
 * more), see addLots. Returns the new batch's id.
 */
export async function createBatch(
  trx: Trx,
  ctx: WriteCtx,
  body: NewBatchBody,
  matches: Matches,
): Promise<number> {
  const more = body.lots !== undefined && body.lots > body.items.length;
  const batch = await trx
    .insertInto('sync_batches')
    .values({
      company_id: ctx.companyId,
      name: body.name,
      project_id: body.project_id,
      comments: body.comments,
      currency: body.currency,
      date_of_creation: nowIso(),
      creator_user_id: ctx.userId,
      uploaded_at: null,
      error: null,
      locked_by: null,
      locked_until: null,
      lots_expected: more ? body.lots! : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = Number(batch.id);
  await addLots(trx, ctx, batchId, body.items, matches);
  return batchId;
}

/**
 * Adds lots to a batch, each with every field the file gave it. Each lot lands on the company's
 * item of that mould, colour, condition and completeness, which is created (with the lot's price
 * and notes) when the company has none yet; new items are written 500 at a time.
 */
export async function addLots(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  lots: Lot[],
  matches: Matches,
): Promise<void> {
  if (lots.length === 0) return;
  const version = await ctx.version();
  const now = nowIso();
  const moulds = [...new Set(matches.map((m) => m.mould!.id))];
  const known = new Map<Key, number>();
  const remember = (r: {
    id: number;
    mold_id: number;
    colour_id: number;
    condition: string;
    completeness: unknown;
  }) => {
    const k = variantKey(Number(r.mold_id), Number(r.colour_id), r.condition, r.completeness);
    if (!known.has(k)) known.set(k, Number(r.id));
  };
  const columns = ['id', 'mold_id', 'colour_id', 'condition', 'completeness'] as const;
  for (let i = 0; i < moulds.length; i += SLICE) {
    const rows = await trx
      .selectFrom('items')
      .select(columns)
      .where('company_id', '=', ctx.companyId)
      .where('mold_id', 'in', moulds.slice(i, i + SLICE))
      .orderBy('id')
      .execute();
    rows.forEach(remember);
  }
  const keyOf = (lot: Lot, i: number) =>
    variantKey(matches[i].mould!.id, matches[i].colour!.id, lot.condition!, lot.completeness);
  const missing = new Map<Key, { lot: Lot; i: number }>();
  lots.forEach((lot, i) => {
    const k = keyOf(lot, i);
    if (!known.has(k) && !missing.has(k)) missing.set(k, { lot, i });
  });
  const created = [...missing.values()].map(({ lot, i }) => ({
    company_id: ctx.companyId,
    mold_id: matches[i].mould!.id,
    colour_id: matches[i].colour!.id,
    condition: lot.condition!,
    completeness: lot.completeness,
    note_private: lot.note_private,
    note_public: lot.note_public,
    price: lot.price ?? 0,
    readable_id: `${lot.bl_item_id}-${lot.colour_id}-${lot.condition}`,
    creator_user_id: ctx.userId,
    date_of_creation: now,
    last_edit_user_id: null,
    date_of_last_edit: null,
    version,
  }));
  for (let i = 0; i < created.length; i += SLICE) {
    const rows = await trx
      .insertInto('items')
      .values(created.slice(i, i + SLICE))
      .returning(columns)
      .execute();
    rows.forEach(remember);
  }
  const rows = lots.map((lot, i) => ({
    company_id: ctx.companyId,
    sync_batch_id: batchId,
    item_id: known.get(keyOf(lot, i))!,
    bl_item_id: lot.bl_item_id,
    bl_colour_id: lot.colour_id,
    quantity: lot.quantity,
    price: lot.price ?? 0,
    note_private: lot.note_private,
    note_public: lot.note_public,
    tier_price: tierText(lot.tiers),
    bulk_size: lot.bulk,
    sale_rate: lot.sale,
    retain: lot.retain ? (1 as const) : (0 as const),
    stockroom: lot.stockroom,
    uploaded_at: null,
  }));
  for (let i = 0; i < rows.length; i += SLICE) {
    await trx
      .insertInto('sync_batch_items')
      .values(rows.slice(i, i + SLICE))
      .execute();
  }
}

/** Sets the prices (thousandths) of the batch's items; an id not in the batch is refused. */
export async function setPrices(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  items: { id: number; price: number }[],
): Promise<void> {
  const ids = [...new Set(items.map((i) => i.id))];
  let found = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('sync_batch_items')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('sync_batch_id', '=', batchId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    found += rows.length;
  }
  if (found !== ids.length) throw refuse(404, 'not_found', M.itemNotInBatch);
  for (const item of items) {
    await trx
      .updateTable('sync_batch_items')
      .set({ price: item.price })
      .where('id', '=', item.id)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
}
