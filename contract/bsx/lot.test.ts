import { describe, expect, it } from 'vitest';
import { allFieldsBsx } from '../../tests/support/bsx-round-trip';
import {
  bsxDoc as doc,
  bsxItem as item,
  bsxRefusal as refusal,
} from '../../tests/support/bsx-text';
import { BsxImportMessages as M, parseBsx, readBsxText } from './index';

describe('a BSX lot', () => {
  it('reads every field BrickStore writes that the warehouse keeps', () => {
    const { currency, items } = readBsxText(allFieldsBsx());
    expect(currency).toBe('EUR');
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({
      item_id: '3001',
      item_type_id: 'P',
      color_id: 5,
      qty: 250,
      price: 120,
      condition: 'N',
      bulk: 10,
      sale: 15,
      comments: 'Clean – no marks',
      remarks: 'H1-A01-R01-S1-B1',
      tiers: [
        { quantity: 100, price: 110 },
        { quantity: 500, price: 100 },
        { quantity: 1000, price: 90 },
      ],
      retain: true,
      stockroom: 'B',
    });
    expect(items[1]).toMatchObject({
      comments: 'Light play wear <used> & "sorted"',
      remarks: 'Bak ü 🧱  (two spaces)',
      bulk: 1,
      sale: 0,
      retain: false,
      stockroom: null,
      tiers: [],
    });
    expect(items.map((l) => [l.item_id, l.item_type_id, l.color_id, l.sub_condition])).toEqual([
      ['3001', 'P', 5, undefined],
      ['3710', 'P', 85, undefined],
      ['3023', 'P', 11, undefined],
      ['60312-1', 'S', 0, 'M'],
      ['10696-1', 'S', 0, 'I'],
      ['31058-1', 'S', 0, 'C'],
      ['sw0001a', 'M', 0, undefined],
      ['sw0001a', 'M', 0, undefined],
    ]);
    expect(items[7].sale).toBe(-10);
    // The tree reader reads each lot by the same rules.
    expect(parseBsx(allFieldsBsx())).toEqual({ currency, items });
  });

  it.each(['0x10', '1e3', ' 5', '5 ', '', '+5', '5.', '.5', '1,5', 'Infinity', 'NaN', '٣'])(
    "refuses '%s' as a quantity, naming the lot and the tag",
    (qty) => {
      const xml = doc(item('<Qty>1</Qty>') + item(`<Qty>${qty}</Qty>`, '3710'));
      expect(refusal(xml)).toBe(M.number(2, '3710', 'Qty', qty));
      expect(refusal(xml)).toContain(`Lot 2 (3710) has '${qty}' as Qty`);
    },
  );

  it('holds every number to a plain decimal, whatever the tag', () => {
    for (const tag of ['Price', 'ColorID', 'CategoryID', 'Bulk', 'Sale', 'TQ1', 'TP2']) {
      expect(refusal(doc(item(`<${tag}>0x10</${tag}>`)))).toBe(M.number(1, '3001', tag, '0x10'));
    }
  });

  it('refuses numbers out of their range, with decimals where whole ones belong, prices of 4 decimals', () => {
    expect(refusal(doc(item('<Bulk>0</Bulk>')))).toBe(
      M.range(1, '3001', 'Bulk', '0', 1, 1_000_000),
    );
    expect(refusal(doc(item('<Sale>101</Sale>')))).toBe(
      M.range(1, '3001', 'Sale', '101', -99, 100),
    );
    expect(refusal(doc(item('<Qty>2000000</Qty>')))).toBe(
      M.range(1, '3001', 'Qty', '2000000', 0, 1_000_000),
    );
    expect(refusal(doc(item('<Price>-1</Price>')))).toBe(
      M.range(1, '3001', 'Price', '-1', 0, 1_000_000),
    );
    expect(refusal(doc(item('<Bulk>2.5</Bulk>')))).toBe(M.whole(1, '3001', 'Bulk', '2.5'));
    expect(refusal(doc(item('<TP1>0.0855</TP1>')))).toBe(M.decimals(1, '3001', 'TP1', '0.0855'));
    expect(refusal(doc(item('<Stockroom>D</Stockroom>')))).toBe(M.stockroom(1, '3001', 'D'));
    expect(refusal(doc(item('').replace('<ItemID>3001</ItemID>', '')))).toBe(M.noItemId(1));
    expect(refusal(doc(item(`<Comments>${'x'.repeat(4001)}</Comments>`)))).toBe(
      M.tooLong(1, '3001', 'Comments', 4000),
    );
  });

  it("reads BrickStore's spellings of retain, stockroom and sealed", () => {
    const lots = readBsxText(
      doc(
        item('<Retain/><Stockroom/>') +
          item('<Retain>Y</Retain><Stockroom>C</Stockroom>') +
          item('<Retain>N</Retain>') +
          item('<SubCondition>S</SubCondition>').replace('>P<', '>S<'),
      ),
    ).items;
    expect(lots.map((l) => [l.retain, l.stockroom])).toEqual([
      [true, 'A'],
      [true, 'C'],
      [false, null],
      [false, null],
    ]);
    expect(lots[3].sub_condition).toBe('M');
  });

  it('refuses a file with more lots than asked for, and a currency that is not a code', () => {
    const three = doc(item('<Qty>1</Qty>').repeat(3));
    expect(readBsxText(three, { maxLots: 3 }).items).toHaveLength(3);
    expect(() => readBsxText(three, { maxLots: 2 })).toThrow(M.tooManyLots(2));
    expect(refusal(three.replace('Currency="EUR"', 'Currency="Euro"'))).toBe(M.currency('Euro'));
  });
});
