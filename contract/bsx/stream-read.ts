import { SaxesParser } from 'saxes';
import { BsxDecoder, BSX_SNIFF_BYTES, sniffBsxEncoding } from './decode';
import {
  BSX_ITEM_TYPES,
  BSX_LOT_TAGS,
  BsxFormatError,
  BsxLotMessages,
  bsxLotFromFields,
  type BsxLot,
  type BsxLotFields,
} from './lot';
import type { BsxDocument } from './read';

/**
 * The BSX import's reader: a streaming (SAX) parse of BrickStore `<BrickStoreXML>`, older
 * `<BrickStockXML>` and BrickSync files, shared by the browser and the server. The bytes are
 * decoded in the encoding the file declares (decode.ts). Tags it does not know are skipped; a file
 * without a Currency is old and read as USD. A bad file is refused as a whole with one message
 * (BsxFormatError) and nothing is returned: not XML, a DOCTYPE that declares entities or points
 * at an external DTD (never resolved), another root, more than BSX_MAX_BYTES or than the lots
 * asked for, an item type BrickStore does not know, a number that is not a plain decimal or out
 * of its range (lot.ts). Quantities keep their decimals so the batch checks can name them; prices
 * become thousandths.
 */

export const BSX_MAX_BYTES = 50 * 1024 * 1024;
export { BSX_ITEM_TYPES };

const n = (x: number) => x.toLocaleString('en');

export const BsxImportMessages = {
  notXml: (why: string) => `This file is not a BrickStore (BSX) inventory: it is not XML (${why}).`,
  root: (name: string) =>
    `This file is not a BrickStore (BSX) inventory: its root is <${name}>, not <BrickStoreXML>.`,
  entities:
    'This file declares XML entities or an external DTD; BSX files never do, so it is refused.',
  tooLarge: 'This file is larger than 50 MB, the largest BSX file that can be imported.',
  tooManyLots: (max: number) =>
    `This file holds more than ${n(max)} lots, the most one batch can hold: split it into smaller files in BrickStore and import them one by one.`,
  empty: 'This file holds no items.',
  currency: (code: string) =>
    `This file's currency '${code}' is not a currency code like EUR or USD: choose its currency in BrickStore and save it again.`,
  ...BsxLotMessages,
} as const;

export interface BsxReadOptions {
  /** Refuse the file once it holds more lots than this. */
  maxLots?: number;
  /** Told after every piece read: bytes read so far and the file's size. */
  onProgress?: (read: number, total: number) => void;
}

const ROOTS = new Set(['BrickStoreXML', 'BrickStockXML']);
const CURRENCY = /^[A-Z]{3}$/;

/** Only `<!DOCTYPE BrickStoreXML>` (or the old root name) is allowed: no subset, no external id. */
function checkDoctype(doctype: string): void {
  if (!/^\s*(BrickStoreXML|BrickStockXML)\s*$/.test(doctype)) {
    throw new BsxFormatError(BsxImportMessages.entities);
  }
}

type Fields = BsxLotFields;

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

  constructor(private readonly maxLots = Infinity) {
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
        if (typeof c === 'string' && c.trim() !== '') {
          if (!CURRENCY.test(c.trim())) throw new BsxFormatError(BsxImportMessages.currency(c));
          this.currency = c.trim();
        }
      } else if (this.depth === 3 && this.inInventory && node.name === 'Item') {
        if (this.items.length >= this.maxLots) {
          throw new BsxFormatError(BsxImportMessages.tooManyLots(this.maxLots));
        }
        this.fields = {};
      } else if (this.depth === 4 && this.fields && BSX_LOT_TAGS.has(node.name)) {
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
        this.items.push(bsxLotFromFields(this.fields, this.items.length + 1));
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

/** Reads a whole BSX text (already decoded; fed in 64 KiB pieces). */
export function readBsxText(xml: string, options: BsxReadOptions = {}): BsxDocument {
  if (xml.length > BSX_MAX_BYTES) throw new BsxFormatError(BsxImportMessages.tooLarge);
  const r = new BsxStreamReader(options.maxLots);
  if (xml.startsWith('\uFEFF')) xml = xml.slice(1);
  for (let i = 0; i < xml.length; i += CHUNK) r.write(xml.slice(i, i + CHUNK));
  return r.end();
}

/**
 * Reads a BSX file (a File or Blob) as a stream of bytes, decoded in the encoding it declares,
 * refusing it before reading when too large.
 */
export async function readBsxBlob(blob: Blob, options: BsxReadOptions = {}): Promise<BsxDocument> {
  if (blob.size > BSX_MAX_BYTES) throw new BsxFormatError(BsxImportMessages.tooLarge);
  const r = new BsxStreamReader(options.maxLots);
  const reader = blob.stream().getReader();
  let decoder: BsxDecoder | undefined;
  let head = new Uint8Array(0);
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (!done) read += value.byteLength;
    let bytes: Uint8Array | null = done ? null : value;
    if (!decoder) {
      // The encoding is found from the first bytes: gather enough of them first.
      if (bytes) {
        const joined = new Uint8Array(head.byteLength + bytes.byteLength);
        joined.set(head);
        joined.set(bytes, head.byteLength);
        head = joined;
      }
      if (!done && head.byteLength < BSX_SNIFF_BYTES) continue;
      decoder = new BsxDecoder(sniffBsxEncoding(head));
      bytes = head;
    }
    if (bytes) r.write(decoder.decode(bytes), bytes.byteLength);
    if (done) break;
    options.onProgress?.(read, blob.size);
  }
  const rest = decoder.end();
  if (rest) r.write(rest, 0);
  return r.end();
}
