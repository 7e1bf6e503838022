import type { Entity } from './writer';

type Table = Entity['table'];

/** A catalog table matched on its Rebrickable id. */
function byRebrickableId(table: Table, model: string, fields: string[]): Entity {
  return { table, model, key: ['rebrickable_id'], fields };
}

/**
 * A link table holding an owner's inventory: rows are grouped by the owner's column and the
 * changelog files them under the owner, with the table's name as the model.
 */
function inventoryLinks(
  table: Table,
  key: string[],
  fields: string[],
  owner: { column: string; table: Table },
): Entity {
  return { table, model: table, key, fields, group: owner.column, owner };
}

/** How each Rebrickable file lands in the catalog tables (natural keys and compared fields). */
export const Colours = byRebrickableId('colours', 'colour', ['name', 'hex', 'is_transparent']);
export const Themes = byRebrickableId('themes', 'theme', ['name', 'parent_id']);
export const Categories = byRebrickableId('categories', 'category', ['name']);
export const Sets = byRebrickableId('sets', 'set', [
  'name',
  'year',
  'theme_id',
  'num_parts',
  'image_url',
]);
export const Minifigs = byRebrickableId('minifigs', 'minifig', ['name', 'num_parts', 'image_url']);
export const Parts = byRebrickableId('parts', 'part', ['name', 'category_id', 'material']);
/** A part in a colour; the first element number of a part and colour in the dump is kept. */
export const Elements: Entity = {
  table: 'elements',
  model: 'element',
  key: ['part_id', 'colour_id'],
  fields: ['element_id'],
};
/** An element the inventories name that elements.csv lacks: created without a number. */
export const InventoryElements: Entity = { ...Elements, fields: [] };
export const PartRelations: Entity = {
  table: 'part_relations',
  model: 'part_relation',
  key: ['rel_type', 'parent_part_id', 'child_part_id'],
  fields: [],
  owner: { column: 'parent_part_id', table: 'parts' },
};
export const ElementInSet = inventoryLinks(
  'element_in_set',
  ['set_id', 'element_id', 'is_alternate'],
  ['quantity', 'extra_quantity'],
  { column: 'set_id', table: 'sets' },
);
export const ElementInMinifig = inventoryLinks(
  'element_in_minifig',
  ['minifig_id', 'element_id', 'is_alternate'],
  ['quantity', 'extra_quantity'],
  { column: 'minifig_id', table: 'minifigs' },
);
export const SetInSet = inventoryLinks(
  'set_in_set',
  ['parent_set_id', 'child_set_id'],
  ['quantity'],
  { column: 'parent_set_id', table: 'sets' },
);
export const MinifigInSet = inventoryLinks(
  'minifig_in_set',
  ['set_id', 'minifig_id'],
  ['quantity'],
  { column: 'set_id', table: 'sets' },
);
