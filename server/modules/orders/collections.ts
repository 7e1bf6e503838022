import { PickingStatus } from '../../../contract/orders';
import { pullAccess } from '../../../contract/sync-collections';
import { defineCollection } from '../../sync';
import { ORDER_COLUMNS, orderItemSelect, orderRows } from './queries';

/**
 * What a picker's device pulls (docs/offline.md). Orders and their items only while on the floor
 * (pickable, not picked): leaving records tombstones (see floorTransition). Every order row is
 * restamped when its totals change, so picked_total stays right. Location content is the whole
 * company's stock (an item that enters play later must not miss rows pulled before), and the
 * floor's item rows carry image, colour, mould and condition, so a pick needs no catalog.
 * Who may pull each one is contract/sync-collections.ts (the device reads the same table).
 */
export const ordersCollection = defineCollection({
  ...pullAccess('orders'),
  table: 'o',
  key: 'id',
  select: (db, companyId) =>
    orderRows(db, companyId)
      .where('o.pickable', '=', 1)
      .where('o.picking_status_id', '<>', PickingStatus.PICKED)
      .select(['o.id', ...ORDER_COLUMNS, 'o.version']),
});

export const orderItemsCollection = defineCollection({
  ...pullAccess('order_items'),
  table: 'oi',
  key: 'id',
  select: (db, companyId) =>
    orderItemSelect(db, companyId)
      .innerJoin('orders as o', 'o.id', 'oi.order_id')
      .where('o.pickable', '=', 1)
      .where('o.picking_status_id', '<>', PickingStatus.PICKED)
      .select('oi.id'),
});

export const locationsCollection = defineCollection({
  ...pullAccess('locations'),
  table: 'locations',
  key: 'id',
  select: (db, companyId) =>
    db
      .selectFrom('locations')
      .where('company_id', '=', companyId)
      .select([
        'id',
        'id as location_id',
        'parent_id',
        'name',
        'code',
        'sort_order',
        'is_selected_new_location',
        'version',
      ]),
});

export const locationContentCollection = defineCollection({
  ...pullAccess('location_content'),
  table: 'location_content',
  key: 'id',
  select: (db, companyId) =>
    db
      .selectFrom('location_content')
      .where('company_id', '=', companyId)
      .select(['id', 'location_id', 'item_id', 'colour_id', 'quantity', 'version']),
});

export const coloursCollection = defineCollection({
  ...pullAccess('colours'),
  table: 'colours',
  key: 'id',
  shared: true,
  select: (db) =>
    db
      .selectFrom('colours')
      .select(['id', 'name', 'hex', 'rebrickable_id', 'bl_colour_id', 'is_transparent', 'version']),
});

/** The moulds of the company's items (a mould of a newly added item arrives with its items' rows). */
export const mouldsCollection = defineCollection({
  ...pullAccess('moulds'),
  table: 'moulds',
  key: 'id',
  shared: true,
  select: (db, companyId) =>
    db
      .selectFrom('moulds')
      .where(
        'id',
        'in',
        db.selectFrom('items').select('mold_id').where('company_id', '=', companyId),
      )
      .select(['id', 'id as mold_id', 'name', 'image_url', 'type_id', 'bl_mold_id', 'version']),
});

export const PICKING_COLLECTIONS = [
  ordersCollection,
  orderItemsCollection,
  locationsCollection,
  locationContentCollection,
  coloursCollection,
  mouldsCollection,
];
