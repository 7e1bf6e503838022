import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BSX_NOT_A_FILE,
  BsxFormatError,
  bsxChunks,
  bsxItemType,
  escapeXml,
  parseBsx,
  writeBsx,
  type BsxConditionMap,
  type BsxSourceItem,
} from './index';

const conditions: BsxConditionMap = { NEW: 'N', LIKE_NEW: 'N', GOOD: 'U', ACCEPTABLE: 'U' };

const brick: BsxSourceItem = {
  mold_id: 17,
  bl_mold_id: '3001',
  mold_name: 'Brick 2 x 4',
  type_name: 'brick',
  bl_colour_id: 5,
  colour_name: 'Red',
  quantity: 120,
  condition_name: 'NEW',
  public_note: 'Clean, no marks',
  private_note: 'H1-A01-R01-S1-B1',
};

describe('BSX writer', () => {
  it('writes BrickStore XML with a 4-space indent', () => {
    const xml = writeBsx([brick], conditions);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE BrickStoreXML>',
        '<BrickStoreXML>',
        '    <Inventory Currency="EUR">',
        '        <Item>',
        '            <ItemID>3001</ItemID>',
        '            <ItemTypeID>P</ItemTypeID>',
        '            <ColorID>5</ColorID>',
        '            <ItemName>Brick 2 x 4</ItemName>',
        '            <ColorName>Red</ColorName>',
        '            <Qty>120</Qty>',
        '            <Condition>N</Condition>',
        '            <Comments>Clean, no marks</Comments>',
        '            <Remarks>H1-A01-R01-S1-B1</Remarks>',
        '        </Item>',
        '    </Inventory>',
        '</BrickStoreXML>',
        '',
      ].join('\n'),
    );
  });

  it('round-trips every field through the reader; public note -> Comments, private -> Remarks', () => {
    const items: BsxSourceItem[] = [
      brick,
      {
        mold_id: 99,
        bl_mold_id: '007',
        type_name: 'minifig',
        bl_colour_id: null,
        quantity: 2,
        condition_name: 'GOOD',
        public_note: 'Public: light wear',
        private_note: 'Private: paid 1.20',
      },
      { mold_id: 1234, bl_mold_id: null, type_name: 'set', condition_name: 'LIKE_NEW' },
      { mold_id: 5, bl_mold_id: '3001.10', type_name: 'brick', bl_colour_id: 11, quantity: 0 },
    ];
    const doc = parseBsx(writeBsx(items, conditions, { currency: 'USD' }));
    expect(doc.currency).toBe('USD');
    // None of these items has a bulk size, sale, tiers, retain or stockroom: BrickStore's defaults.
    const defaults = { bulk: 1, sale: 0, tiers: [], retain: false, stockroom: null };
    expect(doc.items).toEqual([
      {
        item_id: '3001',
        item_type_id: 'P',
        color_id: 5,
        item_name: 'Brick 2 x 4',
        color_name: 'Red',
        qty: 120,
        condition: 'N',
        comments: 'Clean, no marks',
        remarks: 'H1-A01-R01-S1-B1',
        ...defaults,
      },
      {
        item_id: '007',
        item_type_id: 'M',
        color_id: 0,
        qty: 2,
        condition: 'U',
        comments: 'Public: light wear',
        remarks: 'Private: paid 1.20',
        ...defaults,
      },
      // No BrickLink id: the mould id; no quantity or colour: 0 (docs/inventory.md).
      {
        item_id: '1234',
        item_type_id: 'S',
        color_id: 0,
        qty: 0,
        condition: 'N',
        comments: '',
        remarks: '',
        ...defaults,
      },
      {
        item_id: '3001.10',
        item_type_id: 'P',
        color_id: 11,
        qty: 0,
        condition: 'U',
        comments: '',
        remarks: '',
        ...defaults,
      },
    ]);
  });

  it('escapes & < > " \' and drops characters XML cannot hold', () => {
    const nasty = `Tom & Jerry's <"best"> lot\u0001\u0008\u000b\ttab\r\nnext\uD800`;
    const xml = writeBsx(
      [
        {
          ...brick,
          bl_mold_id: 'a&b<c>',
          mold_name: '2 x 4 "Brick" & <friends>',
          colour_name: "Dark 'Red'",
          public_note: nasty,
          private_note: '</Remarks><Qty>999</Qty>',
        },
      ],
      conditions,
      { currency: 'E"UR' },
    );
    for (const c of ['\u0001', '\u0008', '\u000b', '\uD800']) expect(xml).not.toContain(c);
    expect(xml).toContain(
      '<Comments>Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; lot\ttab\nnext</Comments>',
    );
    expect(xml).toContain('<Remarks>&lt;/Remarks&gt;&lt;Qty&gt;999&lt;/Qty&gt;</Remarks>');
    const [lot] = parseBsx(xml).items;
    expect(lot.item_id).toBe('a&b<c>');
    expect(lot.item_name).toBe('2 x 4 "Brick" & <friends>');
    expect(lot.color_name).toBe("Dark 'Red'");
    expect(lot.comments).toBe('Tom & Jerry\'s <"best"> lot\ttab\nnext');
    expect(lot.remarks).toBe('</Remarks><Qty>999</Qty>');
    expect(lot.qty).toBe(120);
    expect(parseBsx(xml).currency).toBe('E"UR');
    expect(escapeXml('plain text')).toBe('plain text');
    expect(escapeXml('😀 ok')).toBe('😀 ok');
  });

  it('maps conditions as the user chose, unmapped NEW to N and the rest to U', () => {
    const lots = (map: BsxConditionMap) =>
      parseBsx(
        writeBsx(
          ['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE', null].map((c) => ({
            ...brick,
            condition_name: c,
          })),
          map,
        ),
      ).items.map((l) => l.condition);
    expect(lots(conditions)).toEqual(['N', 'N', 'U', 'U', 'U']);
    expect(lots({ NEW: 'U', ACCEPTABLE: 'N' })).toEqual(['U', 'U', 'U', 'N', 'U']);
    expect(lots({})).toEqual(['N', 'U', 'U', 'U', 'U']);
  });

  it('maps type names to BrickLink item type letters (anything else: unsorted lot U)', () => {
    const names = [
      'brick',
      'set',
      'catalog',
      'book',
      'gear',
      'minifig',
      'original box',
      'instruction',
      'Brick',
      'mystery',
      '',
      null,
    ];
    expect(names.map(bsxItemType)).toEqual([
      'P',
      'S',
      'C',
      'B',
      'G',
      'M',
      'O',
      'I',
      'P',
      'U',
      'U',
      'U',
    ]);
  });

  it('gives the same file in chunks as in one string', () => {
    const items = Array.from({ length: 2503 }, (_, i) => ({
      ...brick,
      mold_id: i,
      bl_mold_id: `p${i}`,
    }));
    const chunks = [...bsxChunks(items, conditions, { lotsPerChunk: 1000 })];
    // header, three chunks of lots (1000, 1000, 503), footer
    expect(chunks).toHaveLength(5);
    expect(chunks.join('')).toBe(writeBsx(items, conditions));
    expect([...bsxChunks([], conditions)].join('')).toBe(writeBsx([], conditions));
    expect(parseBsx(writeBsx([], conditions))).toEqual({ currency: 'EUR', items: [] });
  });

  it('exports 100,000 lots that read back as 100,000 lots', () => {
    function* rows(): Generator<BsxSourceItem> {
      for (let i = 0; i < 100_000; i++) {
        yield {
          ...brick,
          mold_id: i,
          bl_mold_id: `${3000 + (i % 900)}`,
          quantity: i % 500,
          condition_name: i % 3 ? 'GOOD' : 'NEW',
          public_note: i % 7 ? '' : 'A & B',
        };
      }
    }
    let xml = '';
    for (const c of bsxChunks(rows(), conditions)) xml += c;
    const doc = parseBsx(xml);
    expect(doc.items).toHaveLength(100_000);
    expect(doc.items[99_999]).toMatchObject({
      item_id: `${3000 + (99_999 % 900)}`,
      qty: 99_999 % 500,
    });
    expect(doc.items[7].comments).toBe('A & B');
  }, 60_000);
});

describe('BSX reader', () => {
  it('reads the BrickStore sample file', () => {
    const xml = readFileSync(join(__dirname, '../../tests/fixtures/sample.bsx'), 'utf8');
    const doc = parseBsx(xml);
    expect(doc.currency).toBe('EUR');
    expect(doc.items).toHaveLength(4);
    expect(doc.items[0]).toEqual({
      item_id: '3003',
      item_type_id: 'P',
      color_id: 1,
      item_name: 'Brick 2 x 2',
      color_name: 'White',
      category_id: 5,
      category_name: 'Brick',
      status: 'I',
      qty: 120,
      price: 85,
      condition: 'N',
      bulk: 5,
      sale: 0,
      comments: '',
      remarks: 'C-04-02',
      tiers: [
        { quantity: 50, price: 80 },
        { quantity: 100, price: 75 },
        { quantity: 250, price: 70 },
      ],
      retain: false,
      stockroom: null,
    });
    expect(doc.items[1]).toMatchObject({
      condition: 'U',
      comments: 'Light play wear <used>',
      price: 40,
    });
    expect(doc.items[2]).toMatchObject({ item_id: 'sw0001a', item_type_id: 'M', color_id: 0 });
    expect(doc.items[3]).toMatchObject({ item_id: '6020-1', sub_condition: 'I', price: 24_500 });
  });

  it('reads old BrickStock files (no currency: USD) and skips tags it does not know', () => {
    const doc = parseBsx(`<?xml version="1.0"?>
<BrickStockXML>
 <Inventory>
  <Item>
   <ItemID>3001</ItemID><ItemTypeID>P</ItemTypeID><ColorID>11</ColorID>
   <Qty>4</Qty><Condition>U</Condition><OrigQty>3</OrigQty><OwlID>123</OwlID>
   <Retain/><DifferenceBaseValues Qty="3"/>
  </Item>
 </Inventory>
 <GuiState Application="BrickStore" Version="2"/>
</BrickStockXML>`);
    expect(doc).toEqual({
      currency: 'USD',
      items: [
        {
          item_id: '3001',
          item_type_id: 'P',
          color_id: 11,
          qty: 4,
          condition: 'U',
          bulk: 1,
          sale: 0,
          comments: '',
          remarks: '',
          tiers: [],
          retain: true,
          stockroom: null,
        },
      ],
    });
  });

  it('refuses files that are not BrickStore inventories', () => {
    expect(() => parseBsx('<Inventory><Item/></Inventory>')).toThrow(BsxFormatError);
    expect(() => parseBsx('<Inventory><Item/></Inventory>')).toThrow(BSX_NOT_A_FILE);
    expect(() => parseBsx('not xml at all')).toThrow(BsxFormatError);
  });
});
