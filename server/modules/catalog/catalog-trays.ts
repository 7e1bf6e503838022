import {
  CatalogModalMessages as M,
  NEW_TRAY,
  type CatalogTray,
  type CatalogTraysBody,
} from '../../../contract/catalog-modal';
import type { z } from 'zod';
import { nowIso } from '../../db/dialect';
import { notFound } from '../../errors';
import type { Trx, WriteCtx } from '../../write/context';
import { mustNotBeClaimedByOther } from '../batch-trays/rules';

type Body = z.output<typeof CatalogTraysBody>;

/** Rows one insert writes (each tray binds about 17 values; both databases cap the values). */
const CHUNK = 500;

/**
 * New trays from the catalog at the end of a batch of the caller's company, one per pick in the
 * order given (docs/catalog.md): quantity 1, 'ready for filling', price 0, condition NEW, the
 * pick's mould and colour, and the company's first NEW variant of that mould and colour (none
 * without a colour). Refused while someone else holds the batch's write claim. The trays and the
 * batch carry the transaction's version, so a batch already on the floor reaches the fillers'
 * devices with its new trays at their next pull.
 */
export async function addCatalogTrays(trx: Trx, ctx: WriteCtx, body: Body): Promise<CatalogTray[]> {
  // Taken first: the company's writers queue here, so tray numbers never collide.
  const version = await ctx.version();
  await mustNotBeClaimedByOther(trx, ctx, body.batch_id);

  const mouldIds = [...new Set(body.items.map((i) => i.mold_id))];
  const known = new Set(
    (await trx.selectFrom('moulds').select('id').where('id', 'in', mouldIds).execute()).map(
      (r) => r.id,
    ),
  );
  const unknown = mouldIds.filter((id) => !known.has(id));
  if (unknown.length) throw notFound(M.mouldsNotFound(unknown));

  const colourIds = [
    ...new Set(body.items.flatMap((i) => (i.colour_id === null ? [] : [i.colour_id]))),
  ];
  const variantOf = new Map<string, number>();
  if (colourIds.length) {
    const colours = await trx
      .selectFrom('colours')
      .select('id')
      .where('id', 'in', colourIds)
      .execute();
    if (colours.length !== colourIds.length) throw notFound(M.colourNotFound);
    const variants = await trx
      .selectFrom('items')
      .select(['id', 'mold_id', 'colour_id'])
      .where('company_id', '=', ctx.companyId)
      .where('condition', '=', NEW_TRAY.condition)
      .where('mold_id', 'in', mouldIds)
      .where('colour_id', 'in', colourIds)
      .orderBy('id', 'desc')
      .execute();
    // Lowest id wins: later rows overwrite earlier ones, and the rows come highest id first.
    for (const v of variants) variantOf.set(`${v.mold_id}/${v.colour_id}`, v.id);
  }

  const last = await trx
    .selectFrom('trays')
    .select((eb) => eb.fn.max('tray_nr').as('n'))
    .where('batch_id', '=', body.batch_id)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
  let nr = Number(last?.n ?? 0);
  const now = nowIso();
  const rows = body.items.map((pick) => ({
    company_id: ctx.companyId,
    batch_id: body.batch_id,
    tray_nr: ++nr,
    item_id:
      pick.colour_id === null ? null : (variantOf.get(`${pick.mold_id}/${pick.colour_id}`) ?? null),
    mold_id: pick.mold_id,
    colour_id: pick.colour_id,
    condition: NEW_TRAY.condition,
    quantity: NEW_TRAY.quantity,
    price: NEW_TRAY.price,
    status: NEW_TRAY.status,
    accepted: 0 as const,
    creator_user_id: ctx.userId,
    date_of_creation: now,
    last_edit_user_id: null,
    date_of_last_edit: null,
    version,
  }));
  const out: CatalogTray[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const added = await trx
      .insertInto('trays')
      .values(rows.slice(i, i + CHUNK))
      .returning(['id', 'tray_nr', 'item_id', 'mold_id', 'colour_id'])
      .execute();
    for (const t of added) {
      out.push({
        tray_id: t.id,
        tray_nr: Number(t.tray_nr),
        item_id: t.item_id,
        mold_id: Number(t.mold_id),
        colour_id: t.colour_id,
        condition: NEW_TRAY.condition,
        quantity: NEW_TRAY.quantity,
        price: NEW_TRAY.price,
        status: NEW_TRAY.status,
      });
    }
  }
  await trx
    .updateTable('batches')
    .set({ last_edit_user_id: ctx.userId, date_of_last_edit: now, version })
    .where('id', '=', body.batch_id)
    .where('company_id', '=', ctx.companyId)
    .execute();
  return out.sort((a, b) => a.tray_nr - b.tray_nr);
}
