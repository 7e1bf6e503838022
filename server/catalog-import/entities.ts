import type { Entity } from './writer';

/** How each Rebrickable file lands in the catalog tables (natural keys and compared fields). */
export const Colours: Entity = {
  table: 'colours',
  model: 'colour',
  key: ['rebrickable_id'],
  fields: ['name', 'hex', 'is_transparent'],
};
export const Themes: Entity = {
  table: 'themes',
  model: 'theme',
  key: ['rebrickable_id'],
  fields: ['name', 'parent_id'],
};
export const Categories: Entity = {
  table: 'categories',
  model: 'category',
  key: ['rebrickable_id'],
  fields: ['name'],
};
export const Sets: Entity = {
  table: 'sets',
  model: 'set',
  key: ['rebrickable_id'],
  fields: ['name', 'year', 'theme_id', 'num_parts', 'image_url'],
};
export const Minifigs: Entity = {
  table: 'minifigs',
  model: 'minifig',
  key: ['rebrickable_id'],
  fields: ['name', 'num_parts', 'image_url'],
};
export const Parts: Entity = {
  table: 'parts',
  model: 'part',
  key: ['rebrickable_id'],
  fields: ['name', 'category_id', 'material'],
};
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
export const ElementInSet: Entity = {
  table: 'element_in_set',
  model: 'element_in_set',
  key: ['set_id', 'element_id', 'is_alternate'],
  fields: ['quantity', 'extra_quantity'],
  group: 'set_id',
  owner: { column: 'set_id', table: 'sets' },
};
export const ElementInMinifig: Entity = {
  table: 'element_in_minifig',
  model: 'element_in_minifig',
  key: ['minifig_id', 'element_id', 'is_alternate'],
  fields: ['quantity', 'extra_quantity'],
  group: 'minifig_id',
  owner: { column: 'minifig_id', table: 'minifigs' },
};
export const SetInSet: Entity = {
  table: 'set_in_set',
  model: 'set_in_set',
  key: ['parent_set_id', 'child_set_id'],
  fields: ['quantity'],
  group: 'parent_set_id',
  owner: { column: 'parent_set_id', table: 'sets' },
};
export const MinifigInSet: Entity = {
  table: 'minifig_in_set',
  model: 'minifig_in_set',
  key: ['set_id', 'minifig_id'],
  fields: ['quantity'],
  group: 'set_id',
  owner: { column: 'set_id', table: 'sets' },
};
