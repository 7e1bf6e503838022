import { sql, type Kysely } from 'kysely';
import type { InventoryItem } from '../../../contract/inventory';
import type { CatalogItem } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { itemsWithLooks } from '../../db/item-joins';

type Db = Kysely<Database>;

/** Stock of each of the company's items (`s`: item_id, total), in one grouped subquery. */
function itemStock(db: Db, companyId: number) {
  return db
    .selectFrom('location_content')
    .select(['item_id', sql<number>`sum(quantity)`.as('total')])
    .where('company_id', '=', companyId)
    .groupBy('item_id')
    .as('s');
}

/** The company's items (`i`) with their mould (`m`) and colour (`c`). */
function companyItems(db: Db, companyId: number) {
  return itemsWithLooks(db).where('i.company_id', '=', companyId);
}

/** The columns that name an item (of companyItems) wherever items are listed. */
const ITEM_COLUMNS = [
  'i.id as item_id',
  'i.readable_id',
  'i.mold_id',
  'm.name as mold_name',
  'm.bl_mold_id',
  'm.image_url as image_path',
  'i.colour_id',
  'c.name as colour_name',
  'c.hex as colour_hex',
] as const;

/**
 * The company's inventory: every item with stock, with its catalog fields (InventoryRow in
 * contract/inventory.ts). Theme and sub-theme come from the mould's theme: a theme with a parent is
 * the sub-theme of that parent.
 */
function inventoryBase(db: Db, companyId: number) {
  return companyItems(db, companyId)
    .innerJoin(itemStock(db, companyId), 's.item_id', 'i.id')
    .innerJoin('conditions as cd', 'cd.condition_name', 'i.condition')
    .leftJoin('item_types as it', 'it.id', 'm.type_id')
    .leftJoin('themes as t', 't.id', 'm.theme_id')
    .leftJoin('themes as tp', 'tp.id', 't.parent_id')
    .leftJoin('categories as cat', 'cat.id', 'm.category_id')
    .where('s.total', '>', 0);
}

export async function findInventory(
  db: Db,
  companyId: number,
  page?: { limit: number; page: number },
): Promise<{ results: InventoryItem[]; count: number }> {
  let q = inventoryBase(db, companyId)
    .select([
      ...ITEM_COLUMNS,
      'i.condition as condition_name',
      'cd.new_condition_name',
      'c.bl_colour_id',
      's.total as quantity',
      sql<string | null>`case when tp.id is null then t.name else tp.name end`.as('theme_name'),
      sql<string | null>`case when tp.id is null then null else t.name end`.as('subtheme_name'),
      'it.name as type_name',
      'it.bsx_code as item_type',
      'cat.name as category_name',
      'm.weight',
      'i.note_private as private_note',
      'i.note_public as public_note',
      'i.price',
      'i.completeness',
    ])
    .orderBy('m.name')
    .orderBy('c.name')
    .orderBy('i.id');
  if (page) q = q.limit(page.limit).offset((page.page - 1) * page.limit);
  const rows = await q.execute();
  const results = rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    weight: r.weight === null ? null : Number(r.weight),
    price: Number(r.price),
  }));
  if (!page) return { results, count: results.length };
  return { results, count: await countRows(inventoryBase(db, companyId)) };
}

/**
 * GET /v1/item: the company's items whose mould name contains `moldName` (or the one item), with
 * mould, colour, condition and total stock (0 without any), by id, a page at a time.
 */
export async function findItems(
  db: Db,
  companyId: number,
  query: { mold_name?: string; item_id?: number; limit: number; page: number },
): Promise<{ count: number; results: CatalogItem[] }> {
  const { mold_name, item_id, limit, page } = query;
  let q = companyItems(db, companyId);
  if (item_id !== undefined) q = q.where('i.id', '=', item_id);
  if (mold_name) {
    const pattern = `%${mold_name.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where(sql<boolean>`lower(m.name) like ${pattern} escape '\\'`);
  }
  const count = await countRows(q);
  const rows = await q
    .leftJoin(itemStock(db, companyId), 's.item_id', 'i.id')
    .select([
      ...ITEM_COLUMNS,
      'i.condition',
      'i.completeness',
      sql<number>`coalesce(s.total, 0)`.as('quantity'),
    ])
    .orderBy('i.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    count,
    results: rows.map((row) => ({ ...row, quantity: Number(row.quantity) })),
  };
}
