import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { restampRows, restampStock, type MutationContext } from '../sync';

/**
 * After a refused pick or fill (the effect already undone, see MutationDef.restamp): the device
 * had lowered or raised its stock of the item at `locationId` and changed `rows` optimistically.
 * Stamps that stock row (the item is read from `itemOf`, the order item or tray) and the rows with
 * a new version, unchanged, so the device's next pull replaces its guesses with the server's truth.
 */
export async function restampRefused(
  trx: Kysely<Database>,
  ctx: MutationContext,
  itemOf: { table: 'order_items' | 'trays'; id: number },
  locationId: number,
  rows: readonly { table: 'orders' | 'order_items' | 'trays'; id: number }[],
): Promise<void> {
  const version = await ctx.version();
  const row = await trx
    .selectFrom(itemOf.table)
    .select('item_id')
    .where('id', '=', itemOf.id)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
  await restampStock(trx, ctx.companyId, locationId, row?.item_id, version);
  for (const r of rows) await restampRows(trx, r.table, ctx.companyId, [r.id], version);
}
