import { XMLParser } from 'fast-xml-parser';

import { BSX_LOT_TAGS, BsxFormatError, bsxLotFromFields, type BsxLot } from './lot';

/**
 * A small BSX reader (BrickStore's `<BrickStoreXML>` and older `<BrickStockXML>` files) that
 * builds the whole tree first: the inventory's currency and its lots. Tag values stay text until
 * read (parseTagValue off), so ids like '007' or '3001.10' keep their exact form, and each lot is
 * read by the same rules as the streaming import reader (lot.ts). Unknown tags are skipped, as
 * BrickStore does. Used by the export tests and the import bench.
 */

export { BsxFormatError };
export type { BsxLot, BsxStockroom, BsxTier } from './lot';

export interface BsxDocument {
  /** From the Inventory's Currency; files without one are old and read as USD. */
  currency: string;
  items: BsxLot[];
}

export const BSX_NOT_A_FILE = 'This file is not a BrickStore (BSX) inventory.';

type Node = Record<string, unknown>;

const ROOTS = ['BrickStoreXML', 'BrickStockXML'] as const;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, jpath) => ROOTS.some((r) => jpath === `${r}.Inventory.Item`),
});

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return text((v as Node)['#text']);
  if (v && typeof v === 'object') return '';
  return undefined;
}

/** The text of each tag the lot reader knows; an empty element is ''. */
function fieldsOf(node: Node): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const tag of BSX_LOT_TAGS) {
    const v = text(node[tag]);
    if (v !== undefined) out[tag] = v;
  }
  return out;
}

function trimmed(v: unknown): string | undefined {
  const s = text(v)?.trim();
  return s === undefined || s === '' ? undefined : s;
}

/** Reads a BSX file. Throws BsxFormatError when it is not XML or not a BrickStore inventory. */
export function parseBsx(xml: string): BsxDocument {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (err) {
    throw new BsxFormatError(`${BSX_NOT_A_FILE} (${String((err as Error).message ?? err)})`);
  }
  const rootName = ROOTS.find((r) => doc[r] !== undefined);
  if (!rootName) throw new BsxFormatError(BSX_NOT_A_FILE);
  const root = doc[rootName];
  const inventory = root && typeof root === 'object' ? (root as Node).Inventory : undefined;
  if (inventory === undefined) return { currency: 'USD', items: [] };
  const inv: Node = inventory && typeof inventory === 'object' ? (inventory as Node) : {};
  const items = Array.isArray(inv.Item) ? (inv.Item as unknown[]) : [];
  return {
    currency: trimmed(inv['@Currency']) ?? 'USD',
    items: items.map((n, i) =>
      bsxLotFromFields(fieldsOf(n && typeof n === 'object' ? (n as Node) : {}), i + 1),
    ),
  };
}
