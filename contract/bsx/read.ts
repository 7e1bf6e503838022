import { XMLParser } from 'fast-xml-parser';

/**
 * A small BSX reader (BrickStore's `<BrickStoreXML>` and older `<BrickStockXML>` files): the
 * inventory's currency and its lots. Tag values stay text until read here (parseTagValue off),
 * so ids like '007' or '3001.10' keep their exact form. Unknown tags are skipped, as BrickStore
 * does. Used by the export tests now and by the BSX import.
 */

export interface BsxTier {
  quantity: number;
  /** thousandths */
  price: number;
}

export interface BsxLot {
  item_id: string;
  /** P, S, M, B, G, C, I, O or U. */
  item_type_id: string;
  /** BrickLink colour id; 0 means not applicable. */
  color_id: number;
  item_name?: string;
  color_name?: string;
  category_id?: number;
  category_name?: string;
  /** I include, X exclude, E extra. */
  status?: string;
  qty: number;
  /** thousandths */
  price?: number;
  /** N new; anything else is used (U). */
  condition: 'N' | 'U';
  /** C complete, I incomplete, M sealed (sets). */
  sub_condition?: string;
  bulk?: number;
  /** The public description. */
  comments: string;
  /** The private remarks. */
  remarks: string;
  tiers: BsxTier[];
}

export interface BsxDocument {
  /** From the Inventory's Currency; files without one are old and read as USD. */
  currency: string;
  items: BsxLot[];
}

export class BsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BsxFormatError';
  }
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

function trimmed(v: unknown): string | undefined {
  const s = text(v)?.trim();
  return s === undefined || s === '' ? undefined : s;
}

function int(v: unknown): number | undefined {
  const s = trimmed(v);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** '0.085' -> 85 thousandths (BSX prices have 3 decimals). */
function thousandths(v: unknown): number | undefined {
  const s = trimmed(v);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 1000) : undefined;
}

function lot(node: Node): BsxLot {
  const tiers: BsxTier[] = [];
  for (const i of [1, 2, 3]) {
    const quantity = int(node[`TQ${i}`]);
    const price = thousandths(node[`TP${i}`]);
    if (quantity !== undefined && quantity > 0 && price !== undefined) {
      tiers.push({ quantity, price });
    }
  }
  const optional = {
    item_name: text(node.ItemName),
    color_name: text(node.ColorName),
    category_id: int(node.CategoryID),
    category_name: text(node.CategoryName),
    status: trimmed(node.Status),
    price: thousandths(node.Price),
    sub_condition: trimmed(node.SubCondition),
    bulk: int(node.Bulk),
  };
  const out: BsxLot = {
    item_id: trimmed(node.ItemID) ?? '',
    item_type_id: trimmed(node.ItemTypeID) ?? '',
    color_id: int(node.ColorID) ?? 0,
    qty: int(node.Qty) ?? 0,
    condition: trimmed(node.Condition) === 'N' ? 'N' : 'U',
    comments: text(node.Comments) ?? '',
    remarks: text(node.Remarks) ?? '',
    tiers,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v !== undefined) (out as unknown as Node)[k] = v;
  }
  return out;
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
    items: items.map((n) => lot(n && typeof n === 'object' ? (n as Node) : {})),
  };
}
