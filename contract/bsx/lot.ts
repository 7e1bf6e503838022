/**
 * One BSX lot from the text of its tags, shared by both readers (the streaming import reader and
 * the tree reader of the tests). Numbers are strict: a plain decimal ('5', '0.085', '-3'), never
 * hex ('0x10'), exponents ('1e3'), signs like '+5', spaces (' 5') or an empty tag. A number that
 * breaks the rules refuses the file with a message naming the lot and the tag.
 */

export interface BsxTier {
  quantity: number;
  /** thousandths */
  price: number;
}

/** Where a lot is kept on BrickLink: off sale in stockroom A, B or C; null when for sale. */
export type BsxStockroom = 'A' | 'B' | 'C';

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
  /** May have decimals here; the batch checks name them. */
  qty: number;
  /** thousandths */
  price?: number;
  /** N new; anything else is used (U). */
  condition: 'N' | 'U';
  /** C complete, I incomplete, M sealed (sets); BrickLink's S (sealed) is read as M. */
  sub_condition?: string;
  /** Sold only in multiples of this (1: any quantity). */
  bulk: number;
  /** Percent off the price, -99 to 100 (0: none). */
  sale: number;
  /** The public description. */
  comments: string;
  /** The private remarks. */
  remarks: string;
  /** Up to three tier quantities with their prices. */
  tiers: BsxTier[];
  /** Kept in the store at quantity 0 (BrickLink's "retain"). */
  retain: boolean;
  stockroom: BsxStockroom | null;
}

export class BsxFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BsxFormatError';
  }
}

/** BrickStore's item types: part, set, minifigure, book, gear, catalog, instruction, box, unsorted lot. */
export const BSX_ITEM_TYPES = ['P', 'S', 'M', 'B', 'G', 'C', 'I', 'O', 'U'] as const;
/** The item types BrickLink keeps in colours; every other type is written with ColorID 0. */
export const BSX_COLOURED_TYPES: readonly string[] = ['P', 'G'];

/** The largest quantity, bulk and tier quantity of a lot. */
export const BSX_QTY_MAX = 1_000_000;
/** The largest price of a lot: one million, in thousandths. */
export const BSX_PRICE_MAX = 1_000_000_000;
const COLOUR_MAX = 100_000;
const ID_MAX = 2_147_483_647;
const ITEM_ID_MAX = 64;
const NOTE_MAX = 4_000;

const who = (lot: number, itemId: string) => (itemId ? `Lot ${lot} (${itemId})` : `Lot ${lot}`);
const n = (x: number) => x.toLocaleString('en');

export const BsxLotMessages = {
  itemType: (lot: number, type: string) =>
    `Lot ${lot} has the unknown item type '${type}' (known: ${BSX_ITEM_TYPES.join(', ')}).`,
  negative: (lot: number, itemId: string) => `${who(lot, itemId)} has a negative quantity.`,
  number: (lot: number, itemId: string, tag: string, value: string) =>
    `${who(lot, itemId)} has '${value}' as ${tag}, which is not a number.`,
  whole: (lot: number, itemId: string, tag: string, value: string) =>
    `${who(lot, itemId)} has '${value}' as ${tag}, which is not a whole number.`,
  decimals: (lot: number, itemId: string, tag: string, value: string) =>
    `${who(lot, itemId)} has '${value}' as ${tag}: a price has at most 3 decimals.`,
  range: (lot: number, itemId: string, tag: string, value: string, min: number, max: number) =>
    `${who(lot, itemId)} has '${value}' as ${tag}: it must be from ${n(min)} to ${n(max)}.`,
  stockroom: (lot: number, itemId: string, value: string) =>
    `${who(lot, itemId)} has '${value}' as Stockroom: it must be A, B or C.`,
  noItemId: (lot: number) => `Lot ${lot} has no ItemID.`,
  tooLong: (lot: number, itemId: string, tag: string, max: number) =>
    `${who(lot, itemId)} has a ${tag} of more than ${n(max)} characters.`,
} as const;

/** The tags a lot is read from; any other tag is skipped. */
export const BSX_LOT_TAGS: ReadonlySet<string> = new Set([
  'ItemID',
  'ItemTypeID',
  'ColorID',
  'ItemName',
  'ColorName',
  'CategoryID',
  'CategoryName',
  'Status',
  'Qty',
  'Price',
  'Condition',
  'SubCondition',
  'Bulk',
  'Sale',
  'Comments',
  'Remarks',
  'TQ1',
  'TP1',
  'TQ2',
  'TP2',
  'TQ3',
  'TP3',
  'Retain',
  'Stockroom',
]);

/** The text of each tag of one lot, as written (an empty element is ''). */
export type BsxLotFields = Record<string, string | undefined>;

const DECIMAL = /^-?\d+(\.\d+)?$/;

function refuse(message: string): never {
  throw new BsxFormatError(message);
}

/** Where a value is read: the lot's fields, its place in the file and its ItemID. */
interface At {
  f: BsxLotFields;
  lot: number;
  itemId: string;
}

/** A decimal in min..max, or undefined when the tag is absent. */
function decimal(at: At, tag: string, min: number, max: number): number | undefined {
  const s = at.f[tag];
  if (s === undefined) return undefined;
  if (!DECIMAL.test(s)) refuse(BsxLotMessages.number(at.lot, at.itemId, tag, s));
  const v = Number(s);
  if (tag === 'Qty' && v < 0) refuse(BsxLotMessages.negative(at.lot, at.itemId));
  if (v < min || v > max) refuse(BsxLotMessages.range(at.lot, at.itemId, tag, s, min, max));
  return v;
}

function whole(at: At, tag: string, min: number, max: number): number | undefined {
  const v = decimal(at, tag, min, max);
  if (v !== undefined && !Number.isInteger(v)) {
    refuse(BsxLotMessages.whole(at.lot, at.itemId, tag, at.f[tag]!));
  }
  return v;
}

/** A price in thousandths (at most 3 decimals). */
function money(at: At, tag: string): number | undefined {
  const v = decimal(at, tag, 0, BSX_PRICE_MAX / 1000);
  if (v === undefined) return undefined;
  const s = at.f[tag]!;
  const dot = s.indexOf('.');
  if (dot >= 0 && s.length - dot - 1 > 3) {
    refuse(BsxLotMessages.decimals(at.lot, at.itemId, tag, s));
  }
  return Math.round(v * 1000);
}

function note(at: At, tag: string): string {
  const v = at.f[tag] ?? '';
  if (v.length > NOTE_MAX) refuse(BsxLotMessages.tooLong(at.lot, at.itemId, tag, NOTE_MAX));
  return v;
}

/** Reads one lot; `lot` is its place in the file (from 1), for the messages. */
export function bsxLotFromFields(f: BsxLotFields, lot: number): BsxLot {
  const itemId = f.ItemID?.trim() ?? '';
  const type = f.ItemTypeID?.trim() ?? '';
  if (!(BSX_ITEM_TYPES as readonly string[]).includes(type)) {
    refuse(BsxLotMessages.itemType(lot, type));
  }
  if (itemId === '') refuse(BsxLotMessages.noItemId(lot));
  if (itemId.length > ITEM_ID_MAX) {
    refuse(BsxLotMessages.tooLong(lot, itemId.slice(0, 20), 'ItemID', ITEM_ID_MAX));
  }
  const at: At = { f, lot, itemId };
  const colour = whole(at, 'ColorID', 0, COLOUR_MAX);
  const qty = decimal(at, 'Qty', 0, BSX_QTY_MAX);
  const price = money(at, 'Price');
  const category = whole(at, 'CategoryID', 0, ID_MAX);
  const bulk = whole(at, 'Bulk', 1, BSX_QTY_MAX);
  const sale = whole(at, 'Sale', -99, 100);
  const tiers: BsxTier[] = [];
  for (let i = 1; i <= 3; i++) {
    const quantity = whole(at, TQ[i], 0, BSX_QTY_MAX);
    const tierPrice = money(at, TP[i]);
    if (quantity !== undefined && quantity > 0) tiers.push({ quantity, price: tierPrice ?? 0 });
  }
  const out: BsxLot = {
    item_id: itemId,
    item_type_id: type,
    color_id: colour ?? 0,
    qty: qty ?? 0,
    condition: f.Condition?.trim() === 'N' ? 'N' : 'U',
    bulk: bulk ?? 1,
    sale: sale ?? 0,
    comments: note(at, 'Comments'),
    remarks: note(at, 'Remarks'),
    tiers,
    retain: retained(f.Retain),
    stockroom: null,
  };
  if (price !== undefined) out.price = price;
  if (f.ItemName !== undefined) out.item_name = f.ItemName;
  if (f.ColorName !== undefined) out.color_name = f.ColorName;
  if (f.CategoryName !== undefined) out.category_name = f.CategoryName;
  if (category !== undefined) out.category_id = category;
  const status = f.Status?.trim();
  if (status) out.status = status;
  const sub = f.SubCondition?.trim();
  if (sub) out.sub_condition = sub === 'S' ? 'M' : sub;
  if (f.Stockroom !== undefined) {
    // An empty Stockroom is stockroom A, as BrickStore reads it.
    const room = f.Stockroom.trim() === '' ? 'A' : f.Stockroom.trim();
    if (room !== 'A' && room !== 'B' && room !== 'C') {
      refuse(BsxLotMessages.stockroom(lot, itemId, f.Stockroom));
    }
    out.stockroom = room;
  }
  return out;
}

const TQ = ['', 'TQ1', 'TQ2', 'TQ3'];
const TP = ['', 'TP1', 'TP2', 'TP3'];

/** `<Retain/>` (BrickStore) and `<Retain>Y</Retain>` keep the lot; absent or 'N' do not. */
function retained(v: string | undefined): boolean {
  if (v === undefined) return false;
  const t = v.trim();
  return t === '' || t === 'Y';
}
