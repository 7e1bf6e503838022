import { BSX_COLOURED_TYPES, type BsxTier } from './lot';

/**
 * The BSX (BrickStore XML) writer of the exports: the inventory's (docs/inventory.md) and a sync
 * batch's (docs/bricksyncer.md). Pure TypeScript with no DOM and no Node APIs, so the PWA runs it
 * in a Web Worker. `bsxChunks` yields the file piece by piece (a worker posts the pieces, or builds
 * a Blob from them) so 100,000 lots never sit in one string; `writeBsx` returns one string.
 *
 * Each lot is written in BrickStore's order:
 *   ItemID      bl_mold_id, else the mould id
 *   ItemTypeID  the item type letter, else from the type name (bsxItemType)
 *   ColorID     bl_colour_id for parts and gear, 0 when missing; always 0 for the types BrickLink
 *               keeps without a colour (sets, minifigures, …), as BrickStore writes them
 *   ItemName, ColorName  when known (BrickStore shows them for items its catalog lacks); no
 *               ColorName for types without a colour
 *   Qty         0 when missing
 *   Price       when known, 3 decimals
 *   Condition   N or U, as the user mapped the item's condition_name
 *   SubCondition  a set's completeness: M sealed, C complete, I incomplete
 *   Bulk, Sale  when not 1 and 0
 *   Comments    the PUBLIC note (what marketplaces show buyers)
 *   Remarks     the PRIVATE note (sellers' own remarks). The original export wrote the public
 *               note into Remarks; this is the correction the issue asks for.
 *   TQ1 TP1 TQ2 TP2 TQ3 TP3  the tier prices
 *   Retain      an empty <Retain/> when the lot is kept at quantity 0
 *   Stockroom   A, B or C when the lot is in a stockroom
 * Empty Comments and Remarks are left out, as BrickStore does. Indentation is 4 spaces.
 */

/** What the writer reads of an inventory row (contract/inventory.ts InventoryItem fits). */
export interface BsxSourceItem {
  mold_id: number | string;
  bl_mold_id?: string | null;
  mold_name?: string | null;
  type_name?: string | null;
  bl_colour_id?: number | null;
  colour_name?: string | null;
  quantity?: number | null;
  condition_name?: string | null;
  public_note?: string | null;
  private_note?: string | null;
  /** The BSX item type letter when known (wins over type_name). */
  item_type?: string | null;
  /** thousandths */
  price?: number | null;
  /** SEALED, COMPLETE or INCOMPLETE: written as a set's SubCondition. */
  completeness?: string | null;
  bulk?: number | null;
  sale?: number | null;
  tiers?: readonly BsxTier[] | null;
  retain?: boolean | null;
  stockroom?: string | null;
}

export type BsxCondition = 'N' | 'U';
/** condition_name (e.g. NEW, LIKE_NEW) -> N (new) or U (used), as the user chose per condition. */
export type BsxConditionMap = Readonly<Record<string, BsxCondition>>;

export interface BsxWriteOptions {
  /** Inventory currency (default EUR). */
  currency?: string;
  /** Lots per chunk of bsxChunks (default 1000). */
  lotsPerChunk?: number;
}

/**
 * ItemTypeID letters by type name; "anything else" becomes U, BrickLink's and BrickStore's letter
 * for an unsorted lot (the original product's 'UL' is not a type BrickStore reads: it would drop
 * the lot as an unknown type).
 */
const TYPE_LETTERS: Readonly<Record<string, string>> = {
  brick: 'P',
  part: 'P',
  set: 'S',
  catalog: 'C',
  book: 'B',
  gear: 'G',
  minifig: 'M',
  minifigure: 'M',
  'original box': 'O',
  original_box: 'O',
  instruction: 'I',
  instructions: 'I',
};
export const BSX_UNSORTED_LOT = 'U';

export function bsxItemType(typeName: string | null | undefined): string {
  return TYPE_LETTERS[(typeName ?? '').trim().toLowerCase()] ?? BSX_UNSORTED_LOT;
}

/** The item's N/U: the user's choice for its condition; unmapped conditions: NEW is N, others U. */
export function bsxCondition(
  conditionName: string | null | undefined,
  map: BsxConditionMap,
): BsxCondition {
  const name = conditionName ?? '';
  const chosen = Object.prototype.hasOwnProperty.call(map, name) ? map[name] : undefined;
  if (chosen === 'N' || chosen === 'U') return chosen;
  return name === 'NEW' ? 'N' : 'U';
}

// Characters XML 1.0 cannot carry (C0 controls except tab, LF, CR; U+FFFE/FFFF; lone surrogates).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to drop
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- a quick test before the replacements
const NEEDS_WORK = /[&<>"'\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes & < > " ' and drops characters XML cannot hold; CR and CRLF become LF. */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[&<>"']/g, (c) => ENTITY[c]);
}

const IND = '    ';
const ITEM = IND.repeat(2);
const FIELD = IND.repeat(3);

function field(tag: string, value: string): string {
  return `${FIELD}<${tag}>${escapeXml(value)}</${tag}>\n`;
}

function wholeNumber(n: number | null | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** Thousandths as a BSX price: 85 -> '0.085'. */
function price(thousandths: number): string {
  const t = Math.max(0, Math.round(thousandths));
  return `${Math.trunc(t / 1000)}.${String(t % 1000).padStart(3, '0')}`;
}

const SUB_CONDITION: Readonly<Record<string, string>> = {
  SEALED: 'M',
  COMPLETE: 'C',
  INCOMPLETE: 'I',
};

/** One <Item> element with its trailing newline. */
export function bsxLot(item: BsxSourceItem, conditions: BsxConditionMap): string {
  const itemId = item.bl_mold_id?.trim() ? item.bl_mold_id.trim() : String(item.mold_id);
  const type = item.item_type?.trim() || bsxItemType(item.type_name);
  const coloured = BSX_COLOURED_TYPES.includes(type);
  let out = `${ITEM}<Item>\n`;
  out += field('ItemID', itemId);
  out += field('ItemTypeID', type);
  out += field('ColorID', coloured ? String(wholeNumber(item.bl_colour_id)) : '0');
  if (item.mold_name) out += field('ItemName', item.mold_name);
  if (item.colour_name && coloured) out += field('ColorName', item.colour_name);
  out += field('Qty', String(wholeNumber(item.quantity)));
  if (typeof item.price === 'number') out += field('Price', price(item.price));
  out += field('Condition', bsxCondition(item.condition_name, conditions));
  const sub = type === 'S' ? SUB_CONDITION[item.completeness ?? ''] : undefined;
  if (sub) out += field('SubCondition', sub);
  if (item.bulk && item.bulk !== 1) out += field('Bulk', String(wholeNumber(item.bulk)));
  if (item.sale) out += field('Sale', String(wholeNumber(item.sale)));
  if (item.public_note) out += field('Comments', item.public_note);
  if (item.private_note) out += field('Remarks', item.private_note);
  (item.tiers ?? []).slice(0, 3).forEach((tier, i) => {
    out += field(`TQ${i + 1}`, String(wholeNumber(tier.quantity)));
    out += field(`TP${i + 1}`, price(tier.price));
  });
  if (item.retain) out += `${FIELD}<Retain/>\n`;
  if (item.stockroom) out += field('Stockroom', item.stockroom);
  return `${out}${ITEM}</Item>\n`;
}

export function bsxHeader(currency = 'EUR'): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!DOCTYPE BrickStoreXML>\n' +
    '<BrickStoreXML>\n' +
    `${IND}<Inventory Currency="${escapeXml(currency)}">\n`
  );
}

export const BSX_FOOTER = `${IND}</Inventory>\n</BrickStoreXML>\n`;

/** The file in pieces: the header, then `lotsPerChunk` lots at a time, then the footer. */
export function* bsxChunks(
  items: Iterable<BsxSourceItem>,
  conditions: BsxConditionMap,
  options: BsxWriteOptions = {},
): Generator<string, void, undefined> {
  const per = Math.max(1, Math.floor(options.lotsPerChunk ?? 1000));
  yield bsxHeader(options.currency);
  // join() gives each chunk as one flat string (a `+=` chain would keep every piece alive).
  let lots: string[] = [];
  for (const item of items) {
    lots.push(bsxLot(item, conditions));
    if (lots.length === per) {
      yield lots.join('');
      lots = [];
    }
  }
  if (lots.length > 0) yield lots.join('');
  yield BSX_FOOTER;
}

/**
 * The whole file as one string, built from the flat chunks (holding 100,000 small lot strings
 * alive until one join cost about 4x the time and 3x the memory in tests/bench/bsx.ts).
 */
export function writeBsx(
  items: Iterable<BsxSourceItem>,
  conditions: BsxConditionMap,
  options: Omit<BsxWriteOptions, 'lotsPerChunk'> = {},
): string {
  let out = '';
  for (const chunk of bsxChunks(items, conditions, options)) out += chunk;
  return out;
}
