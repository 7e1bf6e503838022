import { describe, expect, it } from 'vitest';
import { compareLots, euros, thousandths, unknownLots, type CheckedItem } from './compare';

const item = (over: Partial<CheckedItem>): CheckedItem => ({
  id: 1,
  itemId: 11,
  lotId: '100',
  listed: 25,
  price: 450,
  changing: false,
  words: '3001 Brick 2 x 4 in Red',
  ...over,
});

describe('compareLots', () => {
  it('names a missing lot, another quantity and another price; agreeing lots are not named', () => {
    const found = compareLots(
      'BrickLink',
      [
        item({ id: 1, lotId: '100' }),
        item({ id: 2, lotId: '200' }),
        item({ id: 3, lotId: '300' }),
        item({ id: 4, lotId: '400' }),
      ],
      [
        { id: '100', quantity: 25, price: 450 },
        { id: '200', quantity: 30, price: 450 },
        { id: '300', quantity: 25, price: 500 },
      ],
    );
    expect(found.map((d) => [d.kind, d.item.id, d.text])).toEqual([
      [
        'quantity',
        2,
        'Quantity on BrickLink (30) differs from the warehouse (25): lot 200 of 3001 Brick 2 x 4 in Red',
      ],
      [
        'price',
        3,
        'Price on BrickLink (€ 0,500) differs from the warehouse (€ 0,450): lot 300 of 3001 Brick 2 x 4 in Red',
      ],
      [
        'missing',
        4,
        'Lot 400 of 3001 Brick 2 x 4 in Red is not on BrickLink: upload the item again in a sync batch',
      ],
    ]);
    expect(found[0]).toMatchObject({ quantity: 30 });
  });

  it('leaves out items not uploaded yet and items with a change on its way', () => {
    const found = compareLots(
      'BrickOwl',
      [item({ lotId: null }), item({ lotId: '7', changing: true })],
      [{ id: '8', quantity: 1, price: 1 }],
    );
    expect(found).toEqual([]);
  });

  it('reads marketplace prices in thousandths and writes them as a person reads them', () => {
    expect(thousandths('0.1250')).toBe(125);
    expect(thousandths('0.45')).toBe(450);
    expect(euros(1500)).toBe('€ 1,500');
  });
});

describe('unknownLots', () => {
  const info = (mark: string | null) => ({
    blItemNo: '3001',
    typeCode: 'P',
    boid: null,
    colourId: 5,
    condition: 'NEW' as const,
    notePublic: '',
    notePrivate: '',
    mark,
    fields: { tierPrice: null, bulk: 1, sale: 0, retain: false, stockroom: null },
  });
  it('names lots no store item holds, leaving out empty lots and lots an upload is settling', () => {
    const lots = [
      { id: '1', quantity: 2, price: 100, info: info(null) },
      { id: '2', quantity: 2, price: 100, info: info(null) },
      { id: '3', quantity: 0, price: 100, info: info(null) },
      { id: '4', quantity: 2, price: 100, info: info('bw-7') },
      { id: '5', quantity: 2, price: 100, info: info('bw-8') },
    ];
    expect(unknownLots(lots, new Set(['1']), new Set(['bw-7'])).map((l) => l.id)).toEqual([
      '2',
      '5',
    ]);
  });
});
