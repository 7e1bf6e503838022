import { BsxFormatError } from './lot';

/**
 * The character encoding of a BSX file, from its first bytes: a byte order mark (UTF-8, UTF-16
 * little or big endian), else UTF-16 text without one ('<?' as two-byte characters), else the
 * XML declaration's `encoding` (UTF-8, ISO-8859-1, Windows-1252 or any other label browsers
 * know), else UTF-8, as XML says. The bytes are then decoded with TextDecoder before the XML parser sees
 * them, so 'Ünïcödé' in an ISO-8859-1 file reads as written. Bytes that are not valid in the
 * encoding refuse the file rather than turning into '�'.
 */

/** A TextDecoder encoding name: 'utf-8', 'utf-16le', 'utf-16be', 'windows-1252', … */
export type BsxEncoding = string;

export const BsxEncodingMessages = {
  unknown: (declared: string) =>
    `This file is written in the encoding '${declared}', which cannot be read: save it as UTF-8 in BrickStore (or as UTF-16, ISO-8859-1 or Windows-1252).`,
  invalid: (name: string) =>
    `This file says it is written in ${name} but holds bytes that are not ${name}: save it again in BrickStore, or correct the encoding in its first line.`,
} as const;

/** How many bytes of the file's start are enough to find its encoding. */
export const BSX_SNIFF_BYTES = 1024;

/** How the messages name an encoding. */
function encodingName(encoding: BsxEncoding): string {
  if (encoding.startsWith('utf-16')) return 'UTF-16';
  if (encoding === 'windows-1252') return 'ISO-8859-1 / Windows-1252';
  return encoding.toUpperCase();
}

const DECLARATION = /^\s*<\?xml\s[^?>]*?encoding\s*=\s*["']([^"']*)["']/;

/**
 * The file's encoding from its first bytes (at least BSX_SNIFF_BYTES of them when it has more).
 * A declared name is any encoding label browsers know: ISO-8859-1, Latin-1 and US-ASCII are read
 * as Windows-1252 (the same letters, plus € and typographic quotes where Latin-1 has unused
 * control codes), as browsers do.
 */
export function sniffBsxEncoding(head: Uint8Array): BsxEncoding {
  const [a, b, c, d] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return 'utf-16le';
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return 'utf-16be';
  let start = '';
  for (let i = 0; i < Math.min(head.length, BSX_SNIFF_BYTES); i++) {
    start += String.fromCharCode(head[i]);
  }
  const declared = DECLARATION.exec(start)?.[1];
  if (declared === undefined) return 'utf-8';
  let encoding: string;
  try {
    encoding = new TextDecoder(declared.trim()).encoding;
  } catch {
    throw new BsxFormatError(BsxEncodingMessages.unknown(declared));
  }
  // Text declared UTF-16 would have started with a byte order mark or two-byte characters.
  if (encoding.startsWith('utf-16')) {
    throw new BsxFormatError(BsxEncodingMessages.invalid(encodingName(encoding)));
  }
  return encoding;
}

/**
 * A streaming decoder of the file's text: `decode` each piece of bytes in order, then `end`.
 * A byte order mark is dropped; invalid bytes throw BsxFormatError.
 */
export class BsxDecoder {
  private readonly decoder: TextDecoder;

  constructor(readonly encoding: BsxEncoding) {
    this.decoder = new TextDecoder(encoding, { fatal: true });
  }

  decode(bytes: Uint8Array): string {
    return this.guard(() => this.decoder.decode(bytes, { stream: true }));
  }

  end(): string {
    return this.guard(() => this.decoder.decode());
  }

  private guard(fn: () => string): string {
    try {
      return fn();
    } catch (err) {
      if (err instanceof TypeError) {
        throw new BsxFormatError(BsxEncodingMessages.invalid(encodingName(this.encoding)));
      }
      throw err;
    }
  }
}

/** The text of a whole file (its bytes), decoded as it declares. */
export function decodeBsx(bytes: Uint8Array): string {
  const d = new BsxDecoder(sniffBsxEncoding(bytes.subarray(0, BSX_SNIFF_BYTES)));
  return d.decode(bytes) + d.end();
}
