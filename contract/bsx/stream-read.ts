import { SaxesParser } from 'saxes';
import { BsxFormatError, type BsxDocument, type BsxLot, type BsxTier } from './read';

/**
 * The BSX import's reader: a streaming (SAX) parse of BrickStore `<BrickStoreXML>`, older
 * `<BrickStockXML>` and BrickSync files, shared by the browser and the server. Tags it does not
 * know are skipped; a file without a Currency is old and read as USD. A bad file is refused as a
 * whole with one message (BsxFormatError) and nothing is returned: not XML, a DOCTYPE that
 * declares entities or points at an external DTD (never resolved), another root, more than
 * BSX_MAX_BYTES, an item type BrickStore does not know, a negative quantity. Quantities keep
 * their decimals so the batch checks can name them; prices become thousandths.
 */

export const BSX_MAX_BYTES = 50 * 1024 * 1024;
/** BrickStore's item types: part, set, minifigure, book, gear, catalog, instruction, box, unsorted lot. */
export const BSX_ITEM_TYPES = ['P', 'S', 'M', 'B', 'G', 'C', 'I', 'O', 'U'] as const;

export const BsxImportMessages = {
  notXml: (why: string) => `This file is not a BrickStore (BSX) inventory: it is not XML (${why}).`,
  root: (name: string) =>
    `This file is not a BrickStore (BSX) inventory: its root is <${name}>, not <BrickStoreXML>.`,
  entities:
    'This file declares XML entities or an external DTD; BSX files never do, so it is refused.',
  tooLarge: 'This file is larger than 50 MB, the largest BSX file that can be imported.',
  empty: 'This file holds no items.',
  itemType: (lot: number, type: string) =>
    `Lot ${lot} has the unknown item type '${type}' (known: ${BSX_ITEM_TYPES.join(', ')}).`,
  negative: (lot: number, itemId: string) => `Lot ${lot} (${itemId}) has a negative quantity.`,
  number: (lot: number, tag: string, value: string) =>
    `Lot ${lot} has '${value}' as ${tag}, which is not a number.`,
} as const;

const ROOTS = new Set(['BrickStoreXML', 'BrickStockXML']);
const NUMERIC = new Set(['Qty', 'Price', 'ColorID', 'CategoryID', 'Bulk']);
const KNOWN = new Set([
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
  'Comments',
  'Remarks',
  'TQ1',
  'TP1',
  'TQ2',
  'TP2',
  'TQ3',
  'TP3',
]);

/** Only `<!DOCTYPE BrickStoreXML>` (or the old root name) is allowed: no subset, no external id. */
function checkDoctype(doctype: string): void {
  if (!/^\s*(BrickStoreXML|BrickStockXML)\s*$/.test(doctype)) {
    throw new BsxFormatError(BsxImportMessages.entities);
  }
}

const num = (s: string | undefined): number | undefined => {
  const t = s?.trim();
  if (t === undefined || t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
};

type Fields = Record<string, string | undefined>;

function toLot(f: Fields, n: number): BsxLot {
  const itemId = f['ItemID']?.trim() ?? '';
  const type = f['ItemTypeID']?.trim() ?? '';
  if (!(BSX_ITEM_TYPES as readonly string[]).includes(type)) {
    throw new BsxFormatError(BsxImportMessages.itemType(n, type));
  }
  for (const tag of NUMERIC) {
    if (Number.isNaN(num(f[tag]))) {
      throw new BsxFormatError(BsxImportMessages.number(n, tag, f[tag]!.trim()));
    }
  }
  const qty = num(f['Qty']) ?? 0;
  if (qty < 0) throw new BsxFormatError(BsxImportMessages.negative(n, itemId));
  const tiers: BsxTier[] = [];
  for (const i of [1, 2, 3]) {
    const q = num(f[`TQ${i}`]);
    const p = num(f[`TP${i}`]);
    if (q !== undefined && q > 0 && p !== undefined && !Number.isNaN(p)) {
      tiers.push({ quantity: Math.trunc(q), price: Math.round(p * 1000) });
    }
  }
  const lot: BsxLot = {
    item_id: itemId,
    item_type_id: type,
    color_id: Math.trunc(num(f['ColorID']) ?? 0),
    qty,
    condition: f['Condition']?.trim() === 'N' ? 'N' : 'U',
    comments: f['Comments'] ?? '',
    remarks: f['Remarks'] ?? '',
    tiers,
  };
  const price = num(f['Price']);
  if (price !== undefined) lot.price = Math.round(price * 1000);
  const text = (tag: string) => {
    const v = f[tag]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  if (f.ItemName !== undefined) lot.item_name = f['ItemName'];
  if (f.ColorName !== undefined) lot.color_name = f['ColorName'];
  if (f.CategoryName !== undefined) lot.category_name = f['CategoryName'];
  const category = num(f['CategoryID']);
  if (category !== undefined) lot.category_id = Math.trunc(category);
  if (text('Status')) lot.status = text('Status');
  if (text('SubCondition')) lot.sub_condition = text('SubCondition');
  const bulk = num(f['Bulk']);
  if (bulk !== undefined) lot.bulk = Math.trunc(bulk);
  return lot;
}

/** A streaming BSX reader: feed text chunks with `write`, then `end` for the document. */
export class BsxStreamReader {
  private readonly parser = new SaxesParser({ position: false });
  private readonly items: BsxLot[] = [];
  private currency = 'USD';
  private depth = 0;
  private inInventory = false;
  private fields: Fields | null = null;
  private tag: string | null = null;
  private sawRoot = false;
  private size = 0;

  constructor() {
    const p = this.parser;
    p.on('doctype', checkDoctype);
    p.on('opentag', (node) => {
      this.depth++;
      if (this.depth === 1) {
        if (!ROOTS.has(node.name)) throw new BsxFormatError(BsxImportMessages.root(node.name));
        this.sawRoot = true;
      } else if (this.depth === 2 && node.name === 'Inventory') {
        this.inInventory = true;
        const c = node.attributes.Currency;
        if (typeof c === 'string' && c.trim() !== '') this.currency = c.trim();
      } else if (this.depth === 3 && this.inInventory && node.name === 'Item') {
        this.fields = {};
      } else if (this.depth === 4 && this.fields && KNOWN.has(node.name)) {
        this.tag = node.name;
        this.fields[node.name] = '';
      }
    });
    const onText = (t: string) => {
      if (this.tag && this.fields) this.fields[this.tag] += t;
    };
    p.on('text', onText);
    p.on('cdata', onText);
    p.on('closetag', (node) => {
      if (this.depth === 4) this.tag = null;
      else if (this.depth === 3 && this.fields && node.name === 'Item') {
        this.items.push(toLot(this.fields, this.items.length + 1));
        this.fields = null;
      } else if (this.depth === 2) this.inInventory = false;
      this.depth--;
    });
    p.on('error', (err) => {
      throw err;
    });
  }

  /** Feeds the next piece of the file; `bytes` is its size on disk when known. */
  write(chunk: string, bytes = chunk.length): void {
    this.size += bytes;
    if (this.size > BSX_MAX_BYTES) throw new BsxFormatError(BsxImportMessages.tooLarge);
    this.guard(() => this.parser.write(chunk));
  }

  end(): BsxDocument {
    this.guard(() => this.parser.close());
    if (!this.sawRoot) throw new BsxFormatError(BsxImportMessages.notXml('no root element'));
    if (this.items.length === 0) throw new BsxFormatError(BsxImportMessages.empty);
    return { currency: this.currency, items: this.items };
  }

  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (err instanceof BsxFormatError) throw err;
      const why = String((err as Error).message ?? err).split('\n')[0];
      throw new BsxFormatError(BsxImportMessages.notXml(why));
    }
  }
}

const CHUNK = 1 << 16;

/** Reads a whole BSX text (fed in 64 KiB pieces). */
export function readBsxText(xml: string): BsxDocument {
  if (xml.length > BSX_MAX_BYTES) throw new BsxFormatError(BsxImportMessages.tooLarge);
  const r = new BsxStreamReader();
  if (xml.startsWith('\uFEFF')) xml = xml.slice(1);
  for (let i = 0; i < xml.length; i += CHUNK) r.write(xml.slice(i, i + CHUNK));
  return r.end();
}

/** Reads a BSX file (a File or Blob, in the browser) as a stream, refusing it before reading when too large. */
export async function readBsxBlob(blob: Blob): Promise<BsxDocument> {
  if (blob.size > BSX_MAX_BYTES) throw new BsxFormatError(BsxImportMessages.tooLarge);
  const r = new BsxStreamReader();
  const decoder = new TextDecoder('utf-8');
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    r.write(decoder.decode(value, { stream: true }), value.byteLength);
  }
  const rest = decoder.decode();
  if (rest) r.write(rest, 0);
  return r.end();
}
