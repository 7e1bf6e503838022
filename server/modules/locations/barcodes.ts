import { QRCodeDecoderErrorCorrectionLevel as EcLevel, QRCodeEncoder } from '@zxing/library';
import bwipjs from 'bwip-js/node';

/**
 * The two symbols on a location label, as inline SVG. Code 128 comes from bwip-js (its raw bar
 * widths, drawn here: ~0.2 ms a code); QR from the zxing encoder (~0.5 ms, where bwip-js takes
 * ~3 ms), so a sheet of 2,000 labels renders in a couple of seconds. Both are drawn as
 * crisp-edged rectangles in module units and scale to any print size.
 */

/** QR modules of a code (true = dark), error correction M. */
export function qrModules(text: string): boolean[][] {
  const matrix = QRCodeEncoder.encode(text, EcLevel.M).getMatrix();
  const rows: boolean[][] = [];
  for (let y = 0; y < matrix.getHeight(); y++) {
    const row: boolean[] = [];
    for (let x = 0; x < matrix.getWidth(); x++) row.push(matrix.get(x, y) === 1);
    rows.push(row);
  }
  return rows;
}

/** Bar and space widths of a Code 128 symbol, starting with a bar. */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  return symbol.sbs;
}

const QR_QUIET = 4;
const BAR_QUIET = 10;

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function qrSvg(text: string, className = 'qr'): string {
  const modules = qrModules(text);
  const size = modules.length + 2 * QR_QUIET;
  let path = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < row.length && row[x + run]) run++;
      path += `M${x + QR_QUIET} ${y + QR_QUIET}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return `<svg class="${className}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR ${esc(text)}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

export function code128Svg(text: string, className = 'bars'): string {
  const widths = code128Widths(text);
  const total = widths.reduce((a, b) => a + b, 0) + 2 * BAR_QUIET;
  const height = 40;
  let path = '';
  let x = BAR_QUIET;
  widths.forEach((w, i) => {
    if (i % 2 === 0) path += `M${x} 0h${w}v${height}h-${w}z`;
    x += w;
  });
  return `<svg class="${className}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${height}" preserveAspectRatio="none" shape-rendering="crispEdges" role="img" aria-label="Code 128 ${esc(text)}"><rect width="${total}" height="${height}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

export { esc as escapeHtml };
