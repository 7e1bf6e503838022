import { describe, expect, it } from 'vitest';
import {
  BsxEncodingMessages,
  BsxFormatError,
  decodeBsx,
  readBsxBlob,
  sniffBsxEncoding,
} from './index';

const NAME = 'Ünïcödé – “quoted” €';

/** A one-lot file declared in `encoding`, whose remarks hold `remarks`. */
const file = (encoding: string | null, remarks = NAME) =>
  `<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ''}?>\n` +
  '<BrickStoreXML><Inventory Currency="EUR"><Item><ItemID>3001</ItemID>' +
  `<ItemTypeID>P</ItemTypeID><ColorID>5</ColorID><Qty>1</Qty><Remarks>${remarks}</Remarks>` +
  '</Item></Inventory></BrickStoreXML>\n';

const utf16 = (text: string, bigEndian: boolean, bom = true): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = (bom ? '\uFEFF' : '') + text;
  for (let i = 0; i < units.length; i++) {
    const c = units.charCodeAt(i);
    out[2 * i + (bigEndian ? 0 : 1)] = c >> 8;
    out[2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
  }
  return out;
};
const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));
const utf8 = (text: string) => new TextEncoder().encode(text);
const remarksOf = async (bytes: Uint8Array<ArrayBuffer>) =>
  (await readBsxBlob(new Blob([bytes]))).items[0].remarks;
const refusalOf = async (bytes: Uint8Array<ArrayBuffer>) => {
  try {
    await readBsxBlob(new Blob([bytes]));
  } catch (err) {
    expect(err).toBeInstanceOf(BsxFormatError);
    return (err as Error).message;
  }
  throw new Error('not refused');
};

describe('BSX encodings', () => {
  it('reads "Ünïcödé" from a file declared ISO-8859-1 as written', async () => {
    expect(await remarksOf(latin1(file('ISO-8859-1', 'Ünïcödé')))).toBe('Ünïcödé');
    expect(await remarksOf(latin1(file('latin1', 'Ünïcödé')))).toBe('Ünïcödé');
  });

  it('reads Windows-1252 with its € and typographic quotes', async () => {
    const bytes = Uint8Array.from([...file('windows-1252', '@')].map((c) => c.charCodeAt(0)));
    // "€ “a”" in Windows-1252: 0x80, space, 0x93, a, 0x94.
    const at = bytes.indexOf('@'.charCodeAt(0));
    const cp1252 = new Uint8Array([
      ...bytes.slice(0, at),
      0x80,
      0x20,
      0x93,
      0x61,
      0x94,
      ...bytes.slice(at + 1),
    ]);
    expect(await remarksOf(cp1252)).toBe('€ “a”');
  });

  it('reads UTF-8 with and without a byte order mark, and without a declaration', async () => {
    expect(await remarksOf(utf8(file('UTF-8')))).toBe(NAME);
    expect(await remarksOf(utf8(`\uFEFF${file('UTF-8')}`))).toBe(NAME);
    expect(await remarksOf(utf8(file(null)))).toBe(NAME);
  });

  it('reads UTF-16 little and big endian with a byte order mark (and without one)', async () => {
    expect(await remarksOf(utf16(file('UTF-16'), false))).toBe(NAME);
    expect(await remarksOf(utf16(file('UTF-16'), true))).toBe(NAME);
    expect(await remarksOf(utf16(file('UTF-16'), false, false))).toBe(NAME);
    expect(sniffBsxEncoding(utf16(file('UTF-16'), true, false))).toBe('utf-16be');
  });

  it('reads a multi-byte character split over the stream’s pieces', async () => {
    // 70 KB of lots before the remark, so the text crosses the reader's pieces.
    const pad = '<Item><ItemID>1</ItemID><ItemTypeID>P</ItemTypeID></Item>'.repeat(1200);
    const text = file('ISO-8859-1', 'Ünïcödé').replace('<Inventory Currency="EUR">', `$&${pad}`);
    const doc = await readBsxBlob(new Blob([latin1(text)]));
    expect(doc.items.at(-1)!.remarks).toBe('Ünïcödé');
  });

  it('refuses an encoding it cannot read, and bytes that are not what the file declares', async () => {
    expect(await refusalOf(utf8(file('x-klingon')))).toBe(BsxEncodingMessages.unknown('x-klingon'));
    // Latin-1 bytes in a file that says UTF-8: refused, never read as "�n�c�d�".
    expect(await refusalOf(latin1(file('UTF-8', 'Ünïcödé')))).toBe(
      BsxEncodingMessages.invalid('UTF-8'),
    );
    expect(await refusalOf(latin1(file(null, 'Ünïcödé')))).toBe(
      BsxEncodingMessages.invalid('UTF-8'),
    );
    // Declared UTF-16 but written one byte a character.
    expect(await refusalOf(utf8(file('UTF-16')))).toBe(BsxEncodingMessages.invalid('UTF-16'));
  });

  it('decodes a whole file at once the same way', () => {
    expect(decodeBsx(latin1(file('ISO-8859-1', 'Ünïcödé')))).toContain(
      '<Remarks>Ünïcödé</Remarks>',
    );
  });
});
