import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BSX_MAX_BYTES,
  BsxImportMessages as M,
  parseBsx,
  readBsxBlob,
  readBsxText,
  writeBsx,
} from './index';
import {
  bsxDoc as doc,
  bsxItem as item,
  bsxRefusal as refusal,
} from '../../tests/support/bsx-text';

const sample = readFileSync(join(__dirname, '../../tests/fixtures/sample.bsx'), 'utf8');

describe('streaming BSX reader', () => {
  it('reads the BrickStore sample like the DOM reader', () => {
    const read = readBsxText(sample);
    expect(read).toEqual(parseBsx(sample));
    expect(read.currency).toBe('EUR');
    expect(read.items.map((i) => [i.item_id, i.item_type_id, i.qty, i.price])).toEqual([
      ['3003', 'P', 120, 85],
      ['3710', 'P', 33, 40],
      ['sw0001a', 'M', 2, 1250],
      ['6020-1', 'S', 1, 24500],
    ]);
    expect(read.items[1].comments).toBe('Light play wear <used>');
    expect(read.items[3].sub_condition).toBe('I');
  });

  it('reads old BrickStock files without Currency, skipping unknown and BrickSync tags', () => {
    const xml = `<!DOCTYPE BrickStockXML><BrickStockXML><Inventory><Item><ItemID>3001</ItemID>
      <ItemTypeID>P</ItemTypeID><ColorID>11</ColorID><Qty>4</Qty><OrigQty>9</OrigQty>
      <Condition>N</Condition><OwlID>123</OwlID><OwlLotID>9</OwlLotID><Retain/>
      <DifferenceBaseValues Qty="1"/></Item></Inventory><GuiState a="1"><X>y</X></GuiState>
      </BrickStockXML>`;
    const read = readBsxText(xml);
    expect(read.currency).toBe('USD');
    expect(read.items).toEqual([
      expect.objectContaining({ item_id: '3001', color_id: 11, qty: 4, condition: 'N' }),
    ]);
  });

  it('keeps decimals of a quantity for the batch checks', () => {
    expect(readBsxText(doc(item('<Qty>2.5</Qty>'))).items[0].qty).toBe(2.5);
  });

  it('reads what the inventory export writes', () => {
    const xml = writeBsx(
      [
        {
          mold_id: 1,
          bl_mold_id: '3001',
          type_name: 'brick',
          bl_colour_id: 5,
          quantity: 7,
          condition_name: 'NEW',
          private_note: 'A-1',
        },
      ],
      { NEW: 'N' },
    );
    expect(readBsxText(xml).items[0]).toMatchObject({ item_id: '3001', qty: 7, remarks: 'A-1' });
  });

  it.each([
    ['not XML', 'hello, I am a CSV;1;2', /it is not XML/],
    ['broken XML', doc(item('<Qty>1</Qty')), /it is not XML/],
    ['wrong root', doc(item(''), 'Inventory', '<Inventory>'), /its root is <Inventory>/],
    ['no items', doc(''), /holds no items/],
  ])('refuses %s with one message', (_name, xml, message) => {
    expect(refusal(xml)).toMatch(message);
  });

  it('refuses entity declarations and external DTDs without resolving them', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE BrickStoreXML [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <BrickStoreXML><Inventory>${item('<Qty>1</Qty><Comments>&x;</Comments>')}</Inventory></BrickStoreXML>`;
    expect(refusal(xxe)).toBe(M.entities);
    const bomb = `<!DOCTYPE BrickStoreXML [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
      <BrickStoreXML><Inventory>${item('<Comments>&b;</Comments>')}</Inventory></BrickStoreXML>`;
    expect(refusal(bomb)).toBe(M.entities);
    const external = `<!DOCTYPE BrickStoreXML SYSTEM "http://127.0.0.1/x.dtd"><BrickStoreXML/>`;
    expect(refusal(external)).toBe(M.entities);
    // An entity used without a declaration is not XML.
    expect(refusal(doc(item('<Comments>&x;</Comments>')))).toMatch(/it is not XML/);
  });

  it('refuses unknown item types, negative quantities and quantities that are not numbers', () => {
    const typeZ = item('').replace('<ItemTypeID>P', '<ItemTypeID>Z');
    expect(refusal(doc(item('<Qty>1</Qty>') + typeZ))).toBe(M.itemType(2, 'Z'));
    expect(refusal(doc(item('<Qty>-3</Qty>')))).toBe(M.negative(1, '3001'));
    expect(refusal(doc(item('<Qty>many</Qty>')))).toBe(M.number(1, '3001', 'Qty', 'many'));
  });

  it('refuses a file over 50 MB before reading it', async () => {
    const big = new Blob([new Uint8Array(BSX_MAX_BYTES + 1)]);
    await expect(readBsxBlob(big)).rejects.toThrow(M.tooLarge);
  });

  it('reads a Blob as a stream, with multi-byte text split over chunks', async () => {
    const xml = doc(item('<Qty>1</Qty><Remarks>Bak ü 🧱</Remarks>').repeat(5000));
    const read = await readBsxBlob(new Blob([xml]));
    expect(read.items).toHaveLength(5000);
    expect(read.items[4999].remarks).toBe('Bak ü 🧱');
  });
});
