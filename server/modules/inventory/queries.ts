import { sql, type Kysely } from 'kysely';
import type { InventoryItem } from '../../../contract/inventory';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The company's inventory: every item with stock, with its catalog fields (InventoryRow in
 * contract/inventory.ts). Theme and sub-theme come from the mould's theme: a theme with a parent is
 * the sub-theme of that parent. Stock is summed in one grouped subquery.
 */
function inventoryBase(db: Db, companyId: number) {
  const stock = db
    .selectFrom('location_content')
    .select(['item_id', sql<number>`sum(quantity)`.as('total')])
    .where('company_id', '=', companyId)
    .groupBy('item_id')
    .as('s');
  return db
    .selectFrom('items as i')
    .innerJoin(stock, 's.item_id', 'i.id')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .innerJoin('conditions as cd', 'cd.condition_name', 'i.condition')
    .leftJoin('item_types as it', 'it.id', 'm.type_id')
    .leftJoin('themes as t', 't.id', 'm.theme_id')
    .leftJoin('themes as tp', 'tp.id', 't.parent_id')
    .leftJoin('categories as cat', 'cat.id', 'm.category_id')
    .where('i.company_id', '=', companyId)
    .where('s.total', '>', 0);
}

export async function findInventory(
  db: Db,
  companyId: number,
  page?: { limit: number; page: number },
): Promise<{ results: InventoryItem[]; count: number }> {
  let q = inventoryBase(db, companyId)
    .select([
      'i.id as item_id',
      'i.readable_id',
      'i.mold_id',
      'm.name as mold_name',
      'm.bl_mold_id',
      'i.condition as condition_name',
      'cd.new_condition_name',
      'i.colour_id',
      'c.name as colour_name',
      'c.hex as colour_hex',
      'c.bl_colour_id',
      's.total as quantity',
      sql<string | null>`case when tp.id is null then t.name else tp.name end`.as('theme_name'),
      sql<string | null>`case when tp.id is null then null else t.name end`.as('subtheme_name'),
      'it.name as type_name',
      'cat.name as category_name',
      'm.weight',
      'i.note_private as private_note',
      'i.note_public as public_note',
      'm.image_url as image_path',
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
  }));
  if (!page) return { results, count: results.length };
  const total = await inventoryBase(db, companyId)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { results, count: Number(total.n) };
}
