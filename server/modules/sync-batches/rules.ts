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
import { matchLots } from './queries';

type Trx = Transaction<Database>;

/** Every check of a new batch at once: the name, the project, the lots and the catalog. */
export async function checkNewBatch(trx: Trx, ctx: WriteCtx, body: NewBatchBody) {
  const problems: string[] = [];
  if (body.name === '') problems.push(M.nameEmpty);
  if (body.items.length === 0) problems.push(M.noItems);
  if (body.project_id !== null) {
    const p = await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', body.project_id)
      .where('company_id', '=', ctx.companyId)
      .executeTakeFirst();
    if (!p) throw refuse(404, 'not_found', 'Project not found');
  }
  problems.push(...checkNewBatchItems(body.items));
  const matches = await matchLots(trx, ctx.companyId, body.items);
  matches.forEach((m, i) => {
    if (!m.mould || !m.colour) problems.push(M.notInCatalog(lotLabel(body.items[i])));
  });
  return { problems, matches };
}

type Key = string;
const variantKey = (mold: number, colour: number, condition: string, completeness: unknown) =>
  `${mold}:${colour}:${condition}:${completeness ?? ''}`;

/**
 * Creates the batch and its items. Each lot lands on the company's item of that mould, colour,
 * condition and completeness, which is created (with the lot's price and notes) when the
 * company has none yet. Returns the new batch's id.
 */
export async function createBatch(
  trx: Trx,
  ctx: WriteCtx,
  body: NewBatchBody,
  matches: Awaited<ReturnType<typeof checkNewBatch>>['matches'],
): Promise<number> {
  const version = await ctx.version();
  const now = nowIso();
  const moulds = [...new Set(matches.map((m) => m.mould!.id))];
  const known = new Map<Key, number>();
  for (let i = 0; i < moulds.length; i += 500) {
    const rows = await trx
      .selectFrom('items')
      .select(['id', 'mold_id', 'colour_id', 'condition', 'completeness'])
      .where('company_id', '=', ctx.companyId)
      .where('mold_id', 'in', moulds.slice(i, i + 500))
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const k = variantKey(r.mold_id, r.colour_id, r.condition, r.completeness);
      if (!known.has(k)) known.set(k, Number(r.id));
    }
  }
  const batch = await trx
    .insertInto('sync_batches')
    .values({
      company_id: ctx.companyId,
      name: body.name,
      project_id: body.project_id,
      comments: body.comments,
      date_of_creation: now,
      creator_user_id: ctx.userId,
      uploaded_at: null,
      error: null,
      locked_by: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = Number(batch.id);
  const rows = [];
  for (const [i, lot] of body.items.entries()) {
    const { mould, colour } = matches[i];
    const condition = lot.condition!;
    const k = variantKey(mould!.id, colour!.id, condition, lot.completeness);
    let itemId = known.get(k);
    if (itemId === undefined) {
      const created = await trx
        .insertInto('items')
        .values({
          company_id: ctx.companyId,
          mold_id: mould!.id,
          colour_id: colour!.id,
          condition,
          completeness: lot.completeness,
          note_private: lot.note_private,
          note_public: lot.note_public,
          price: lot.price ?? 0,
          readable_id: `${lot.bl_item_id}-${lot.colour_id}-${condition}`,
          creator_user_id: ctx.userId,
          date_of_creation: now,
          last_edit_user_id: null,
          date_of_last_edit: null,
          version,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      itemId = Number(created.id);
      known.set(k, itemId);
    }
    rows.push({
      company_id: ctx.companyId,
      sync_batch_id: batchId,
      item_id: itemId,
      bl_item_id: lot.bl_item_id,
      quantity: lot.quantity,
      price: lot.price ?? 0,
      note_private: lot.note_private,
      note_public: lot.note_public,
      uploaded_at: null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('sync_batch_items')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return batchId;
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
