import {
  BinaryBitmap,
  Code128Reader,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { code128Svg, code128Widths, qrModules, qrSvg } from './barcodes';

/** Renders modules to a grey bitmap (scale px per module, quiet zone) and decodes it with zxing. */
function bitmap(width: number, height: number, dark: (x: number, y: number) => boolean) {
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels[y * width + x] = dark(x, y) ? 0 : 255;
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
}

function decodeQr(text: string): string {
  const modules = qrModules(text);
  const scale = 4;
  const quiet = 4;
  const size = (modules.length + 2 * quiet) * scale;
  const img = bitmap(size, size, (x, y) => {
    const mx = Math.floor(x / scale) - quiet;
    const my = Math.floor(y / scale) - quiet;
    return modules[my]?.[mx] === true;
  });
  return new QRCodeReader().decode(img).getText();
}

function decodeCode128(text: string): string {
  const widths = code128Widths(text);
  const scale = 2;
  const row: boolean[] = Array<boolean>(10 * scale).fill(false);
  widths.forEach((w, i) => {
    for (let k = 0; k < w * scale; k++) row.push(i % 2 === 0);
  });
  row.push(...Array<boolean>(10 * scale).fill(false));
  const img = bitmap(row.length, 20, (x) => row[x]);
  return new Code128Reader().decode(img).getText();
}

describe('label barcodes', () => {
  const codes = ['WH', 'H1-A01-R01-S1-B1', 'RCV', 'H2-A03-R04-S2-B3-1', 'bin 7 / shelf "x"'];

  it('encodes QR codes that decode back to the location code', () => {
    for (const c of codes) expect(decodeQr(c)).toBe(c);
  });

  it('encodes Code 128 that decodes back to the location code', () => {
    for (const c of codes) expect(decodeCode128(c)).toBe(c);
  });

  it('draws both as self-contained SVG with the text escaped', () => {
    const qr = qrSvg('a"<b>');
    expect(qr).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(qr).toContain('aria-label="QR a&#34;&#60;b&#62;"');
    const bars = code128Svg('H1');
    expect(bars).toContain('<path d="M10 0h');
  });
});
