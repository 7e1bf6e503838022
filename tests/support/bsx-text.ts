import { BsxFormatError, readBsxText } from '../../contract/bsx';

/** Small BrickStore texts for the BSX readers' tests. */

/** A BrickStore file around `items` (its root and inventory element can be swapped). */
export const bsxDoc = (items: string, root = 'BrickStoreXML', inv = '<Inventory Currency="EUR">') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root}>${inv}${items}</Inventory></${root}>`;

/** A part lot (colour 5) with `inner` as its further fields. */
export const bsxItem = (inner: string, id = '3001') =>
  `<Item><ItemID>${id}</ItemID><ItemTypeID>P</ItemTypeID><ColorID>5</ColorID>${inner}</Item>`;

/** The message the reader refuses `xml` with; any other outcome is an error. */
export function bsxRefusal(xml: string): string {
  try {
    readBsxText(xml);
  } catch (err) {
    if (err instanceof BsxFormatError) return err.message;
    throw err;
  }
  throw new Error('not refused');
}
