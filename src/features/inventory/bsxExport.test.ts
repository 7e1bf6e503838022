import { describe, expect, it } from 'vitest';
import { parseBsx } from '../../../contract/bsx';
import type { InventoryItem } from '../../../contract/inventory';
import {
  BSX_MIME,
  INVENTORY_UNREADABLE,
  handleExportRequest,
  type ExportAnswer,
  type ExportRequest,
} from './bsxExport';

function lot(n: number, over: Partial<InventoryItem> = {}): InventoryItem {
  return {
    item_id: n,
    readable_id: null,
    mold_id: 100 + n,
    mold_name: `Brick ${n}`,
    bl_mold_id: `300${n}`,
    condition_name: n % 2 ? 'NEW' : 'GOOD',
    new_condition_name: n % 2 ? 'New' : 'Good',
    colour_id: 1,
    colour_name: 'Red',
    colour_hex: 'C91A09',
    bl_colour_id: 5,
    quantity: n,
    theme_name: null,
    subtheme_name: null,
    type_name: 'brick',
    item_type: 'P',
    category_name: null,
    weight: null,
    private_note: `shelf ${n}`,
    public_note: n === 1 ? 'scratched & <used>' : '',
    image_path: null,
    price: 85 * n,
    completeness: null,
    ...over,
  };
}

function body(value: unknown): ArrayBuffer {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

function run(request: Omit<ExportRequest, 'type' | 'id'>, id = 7): ExportAnswer[] {
  const answers: ExportAnswer[] = [];
  handleExportRequest({ type: 'export', id, ...request }, (a) => answers.push(a));
  return answers;
}

describe('the BSX export worker protocol', () => {
  it('posts progress per chunk and then the file, all with the request id', async () => {
    const items = Array.from({ length: 5 }, (_, i) => lot(i + 1));
    const answers = run({
      inventory: body({ results: items, count: items.length }),
      conditions: { NEW: 'N', GOOD: 'U' },
      lotsPerChunk: 2,
    });
    expect(answers.every((a) => a.id === 7)).toBe(true);
    const progress = answers.filter((a) => a.type === 'progress');
    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    const done = answers.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.lots).toBe(5);
    expect(done.file.type).toBe(BSX_MIME);

    const doc = parseBsx(await done.file.text());
    expect(doc.items).toHaveLength(5);
    expect(doc.items[0]).toMatchObject({
      item_id: '3001',
      item_type_id: 'P',
      color_id: 5,
      qty: 1,
      condition: 'N',
      comments: 'scratched & <used>',
      remarks: 'shelf 1',
    });
    expect(doc.items.map((i) => i.condition)).toEqual(['N', 'U', 'N', 'U', 'N']);
  });

  it('writes prices and a set’s completeness, and sets and minifigures without a colour', async () => {
    const set = lot(2, {
      bl_mold_id: '60312-1',
      type_name: 'set',
      item_type: 'S',
      completeness: 'SEALED',
      price: 24_990,
    });
    const fig = lot(3, { bl_mold_id: 'sw0001a', type_name: 'minifig', item_type: 'M' });
    const answers = run({
      inventory: body({ results: [lot(1), set, fig], count: 3 }),
      conditions: { NEW: 'N', GOOD: 'U' },
    });
    const done = answers.at(-1);
    if (done?.type !== 'done') throw new Error('no file');
    const xml = await done.file.text();
    const lots = parseBsx(xml).items;
    expect(lots.map((l) => [l.item_type_id, l.color_id, l.price, l.sub_condition])).toEqual([
      ['P', 5, 85, undefined],
      ['S', 0, 24_990, 'M'],
      ['M', 0, 255, undefined],
    ]);
    // BrickStore writes no colour name for items without a colour.
    expect(xml.match(/<ColorName>/g)).toHaveLength(1);
  });

  it('follows the user’s mapping, also against the usual meaning', async () => {
    const answers = run({
      inventory: body({ results: [lot(1), lot(2)], count: 2 }),
      conditions: { NEW: 'U', GOOD: 'N' },
    });
    const done = answers.at(-1);
    if (done?.type !== 'done') throw new Error('no file');
    expect(parseBsx(await done.file.text()).items.map((i) => i.condition)).toEqual(['U', 'N']);
  });

  it('writes an empty inventory as a valid file', async () => {
    const answers = run({ inventory: body({ results: [], count: 0 }), conditions: {} });
    expect(answers.map((a) => a.type)).toEqual(['progress', 'done']);
    const done = answers[1];
    if (done.type !== 'done') throw new Error('no file');
    expect(parseBsx(await done.file.text()).items).toEqual([]);
  });

  it('answers an unreadable inventory with an error, not an exception', () => {
    expect(run({ inventory: body({ nope: true }), conditions: {} }, 3)).toEqual([
      { type: 'error', id: 3, message: INVENTORY_UNREADABLE },
    ]);
    const broken = new TextEncoder().encode('{"results": [').buffer;
    expect(run({ inventory: broken, conditions: {} }, 4)).toEqual([
      { type: 'error', id: 4, message: INVENTORY_UNREADABLE },
    ]);
  });
});
