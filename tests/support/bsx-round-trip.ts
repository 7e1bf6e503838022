import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BsxLot } from '../../contract/bsx';

/** A BrickStore file of parts, sets and minifigures with every field BrickStore writes. */
export const ALL_FIELDS_BSX = join(__dirname, '../fixtures/brickstore-all-fields.bsx');
export const allFieldsBsx = (): string => readFileSync(ALL_FIELDS_BSX, 'utf8');

/**
 * The fields of a lot the warehouse keeps, so an imported and exported file can be compared
 * field by field: ids, type, colour, quantity, price, condition, a set's sub-condition, bulk,
 * sale, comments, remarks, tiers, retain and stockroom. (Names, categories, cost, lot ids and
 * BrickStore's own bookkeeping are not kept.)
 */
export function keptFields(lot: BsxLot) {
  return {
    item_id: lot.item_id,
    item_type_id: lot.item_type_id,
    color_id: lot.color_id,
    qty: lot.qty,
    price: lot.price,
    condition: lot.condition,
    sub_condition: lot.item_type_id === 'S' ? lot.sub_condition : undefined,
    bulk: lot.bulk,
    sale: lot.sale,
    comments: lot.comments,
    remarks: lot.remarks,
    tiers: lot.tiers,
    retain: lot.retain,
    stockroom: lot.stockroom,
  };
}
