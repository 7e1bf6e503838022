import type { BsxLot } from '../../contract/bsx';

/**
 * The fields of a lot the warehouse keeps, so an imported and exported file can be compared
 * field by field: ids, type, colour, quantity, price, condition, a set's sub-condition, bulk,
 * sale, comments, remarks, tiers, retain and stockroom. (Names, categories, cost, lot ids and
 * BrickStore's own bookkeeping are not kept.) This module reads no files and needs no module
 * path, so the browser specs load it as well as the server and contract tests and the benches.
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
