import { describe, expect, it } from 'vitest';
import { keptFields } from '../tests/support/bsx-kept-fields';
import { allFieldsBsx } from '../tests/support/bsx-round-trip';
import { readBsxText, writeBsx } from './bsx';
import { BATCH_BSX_CONDITIONS, batchBsxFileName, batchLotsForBsx } from './sync-batch-bsx';
import { newItemFromLot, type NewBatchItem, type SyncBatchItem } from './sync-batches';

/** A batch item as the server keeps a new batch item (used lots picked as GOOD). */
function kept(item: NewBatchItem, i: number): SyncBatchItem {
  return {
    id: i + 1,
    item_id: 100 + i,
    bl_item_id: item.bl_item_id,
    url: null,
    colour_hex: null,
    type_name: null,
    category_name: null,
    mold_name: `Mould ${i}`,
    // Sets and minifigures land on some colour of the warehouse's; the file's ColorID is kept.
    colour_name: 'White',
    condition: item.condition ?? 'GOOD',
    completeness: item.completeness,
    theme_name: null,
    note_private: item.note_private,
    note_public: item.note_public,
    quantity: item.quantity,
    price: item.price ?? 0,
    item_type: item.item_type_id,
    bl_colour_id: item.colour_id,
    tiers: item.tiers,
    bulk: item.bulk,
    sale: item.sale,
    retain: item.retain,
    stockroom: item.stockroom,
    in_warehouse: 0,
  };
}

describe("a sync batch's BSX export", () => {
  it('gives back every kept field of a BrickStore file of parts, sets and minifigures', () => {
    const file = readBsxText(allFieldsBsx());
    const batch = file.items.map(newItemFromLot).map(kept);
    const again = readBsxText(writeBsx(batchLotsForBsx(batch), BATCH_BSX_CONDITIONS));
    expect(again.items.map(keptFields)).toEqual(file.items.map(keptFields));
  });

  it('writes sets and minifigures without a colour, parts with theirs', () => {
    const file = readBsxText(allFieldsBsx());
    const batch = file.items.map(newItemFromLot).map(kept);
    // Even a set whose lot were given a colour is written as BrickStore writes sets.
    batch[3] = { ...batch[3], bl_colour_id: 1 };
    const xml = writeBsx(batchLotsForBsx(batch), BATCH_BSX_CONDITIONS);
    const colours = readBsxText(xml).items.map((l) => [l.item_type_id, l.color_id]);
    expect(colours).toEqual([
      ['P', 5],
      ['P', 85],
      ['P', 11],
      ['S', 0],
      ['S', 0],
      ['S', 0],
      ['M', 0],
      ['M', 0],
    ]);
    expect(xml.match(/<ColorName>/g)).toHaveLength(3);
  });

  it('names the file after the batch', () => {
    expect(batchBsxFileName('Attic 2024/05: "big"')).toBe('Attic 2024 05 big.bsx');
    expect(batchBsxFileName('  ')).toBe('batch.bsx');
  });
});
