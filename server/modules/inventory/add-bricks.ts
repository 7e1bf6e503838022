import { sql } from 'kysely';
import {
  bricksAddedMessage,
  InventoryMessages as M,
  type AddBricksResponse,
} from '../../../contract/inventory';
import { newItemsLocation } from '../../../contract/new-items';
import { refuse, type Trx, type WriteCtx } from '../../write/context';
import { itemOf } from '../locations/content';
import { loadRoute, type LocationTree } from '../locations/route';
import { addStock, requireLocation } from '../warehouse/fill';

/**
 * The Kulla Catalog's "Add bricks": adds an amount of an item to the stock at a location — the
 * one given, or a location for new items (one already holding the item first, in route order;
 * otherwise the first location marked for new items).
 */
export async function addBricks(
  trx: Trx,
  ctx: WriteCtx,
  args: { item_id: number; amount: number; location_id?: number },
): Promise<AddBricksResponse> {
  const version = await ctx.version();
  const item = await itemOf(trx, ctx.companyId, args.item_id, () =>
    refuse(404, 'item_not_found', M.itemNotFound),
  );

  let locationId = args.location_id;
  let tree: LocationTree;
  if (locationId !== undefined) {
    await requireLocation(trx, ctx, locationId);
    tree = await loadRoute(trx, ctx.companyId, [locationId]);
  } else {
    const found = await newItemsPlace(trx, ctx.companyId, item.id);
    if (!found) throw refuse(409, 'no_new_items_location', M.noNewItemsLocation);
    ({ locationId, tree } = found);
  }
  const location_quantity = await addStock(trx, ctx, version, {
    location_id: locationId,
    item_id: item.id,
    colour_id: item.colour_id,
    quantity: args.amount,
  });
  const total = await trx
    .selectFrom('location_content')
    .select(sql<number>`sum(quantity)`.as('n'))
    .where('company_id', '=', ctx.companyId)
    .where('item_id', '=', item.id)
    .executeTakeFirstOrThrow();
  const location_name = tree.crumb(locationId);
  return {
    message: bricksAddedMessage(args.amount, location_name),
    item_id: item.id,
    location_id: locationId,
    location_name,
    code: tree.get(locationId)?.code ?? '',
    added: args.amount,
    location_quantity,
    quantity: Number(total.n),
  };
}

/**
 * The location for new items and the route part it was chosen on: the flagged locations and the
 * ones holding the item, with their ancestors (never the whole tree, this runs in a write
 * transaction).
 */
async function newItemsPlace(
  trx: Trx,
  companyId: number,
  itemId: number,
): Promise<{ locationId: number; tree: LocationTree } | undefined> {
  const flaggedRows = await trx
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_selected_new_location', '=', 1)
    .execute();
  if (flaggedRows.length === 0) return undefined;
  const flagged = new Set(flaggedRows.map((r) => r.id));
  const holding = await trx
    .selectFrom('location_content')
    .select('location_id')
    .where('company_id', '=', companyId)
    .where('item_id', '=', itemId)
    .execute();
  const holdingIds = holding.map((h) => h.location_id);
  const tree = await loadRoute(trx, companyId, [...flagged, ...holdingIds]);
  const locationId = newItemsLocation(tree, flagged, holdingIds)!;
  return { locationId, tree };
}
