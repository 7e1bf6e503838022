import { describe, expect, it } from 'vitest';
import { sampleCatalogIndex } from '../../test/fakeCatalog';
import { findItems } from './findItem';

const index = sampleCatalogIndex();
const shown = (typed: string, max?: number) =>
  findItems(index, typed, max).map((f) => `${f.what} ${f.number}: ${f.name}`);

describe('Find an item on the device copy', () => {
  it('a mould number finds the mould, with its picture; its part is not listed again', () => {
    const found = findItems(index, '3001');
    expect(found.map((f) => f.key)).toEqual(['moulds-3001']);
    expect(found[0]).toMatchObject({
      what: 'Mould',
      number: '3001',
      name: 'Brick 2 x 4',
      image: 'https://img.test/3001.png',
      otherNumbers: [],
    });
  });

  it("finds by another catalog's number: BrickLink, Rebrickable, BrickOwl, element", () => {
    expect(findItems(index, '10696-1')).toMatchObject([
      { what: 'Mould', number: '10696', otherNumbers: ['BrickLink 10696-1'] },
    ]);
    expect(shown('CTY0001')).toEqual(['Minifig cty0001: Police Officer']);
    expect(findItems(index, 'OWL-77')).toMatchObject([
      { what: 'Part', number: '32523', otherNumbers: ['BrickOwl owl-77'] },
    ]);
    expect(findItems(index, '4142822')).toMatchObject([
      {
        what: 'Element',
        number: '4142822',
        name: 'Technic Liftarm 1 x 3',
        image: 'https://img.test/32523.png',
      },
    ]);
  });

  it('a piece of a name lists moulds first, then catalog items without a mould; never colours', () => {
    expect(shown('brick')).toEqual([
      'Mould 3001: Brick 2 x 4',
      'Mould 10696: Medium Creative Brick Box',
      'Mould 500: Brick Book',
      'Part 3005: Brick 1 x 1',
    ]);
    expect(shown('red')).toEqual([]);
    expect(shown('brick', 2)).toHaveLength(2);
  });

  it('nothing typed or nothing known finds nothing', () => {
    expect(shown('   ')).toEqual([]);
    expect(shown('no such thing')).toEqual([]);
    expect(shown('99999')).toEqual([]);
  });
});
