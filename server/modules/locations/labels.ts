import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { code128Svg, escapeHtml, qrSvg } from './barcodes';

/**
 * A print-ready HTML page of location labels: the code as QR and Code 128, the code in text and
 * the breadcrumb. `sheet` is A4 with 3 × 8 labels of 70 × 37 mm (24 a page); `roll` is one
 * 62 × 29 mm label per page for a label printer. Print CSS sets the page size and margins, so the
 * browser's print dialog needs no settings beyond "no headers and footers".
 */
/**
 * The page's only script: the Print button. It is inline (the page is opened from a blob: URL,
 * where a relative script URL cannot load), so the Content-Security-Policy allows it by its hash;
 * keep it a constant.
 */
export const LABELS_PRINT_SCRIPT =
  "document.getElementById('print').addEventListener('click', function () { window.print(); });";

export interface Label {
  code: string;
  crumb: string;
}
export type LabelLayout = 'sheet' | 'roll';

const PER_SHEET = 24;
/** Labels drawn between yields to the event loop (a big page must not stall other requests). */
const BATCH = 100;

const STYLE: Record<LabelLayout, string> = {
  sheet: `
@page { size: A4; margin: 0; }
.page { width: 210mm; height: 296mm; display: grid; grid-template-columns: repeat(3, 70mm);
  grid-auto-rows: 37mm; page-break-after: always; break-after: page; }
.label { width: 70mm; height: 37mm; padding: 2mm 2.5mm; }
.top { height: 22mm; } .qr { width: 22mm; height: 22mm; }
.code { font-size: 11pt; } .crumb { font-size: 7pt; -webkit-line-clamp: 4; }
.bars { width: 65mm; height: 9mm; margin-top: 1mm; }`,
  roll: `
@page { size: 62mm 29mm; margin: 0; }
.page { width: 62mm; height: 29mm; page-break-after: always; break-after: page; }
.label { width: 62mm; height: 29mm; padding: 1.5mm 2mm; }
.top { height: 16mm; } .qr { width: 16mm; height: 16mm; }
.code { font-size: 10pt; } .crumb { font-size: 6pt; -webkit-line-clamp: 3; }
.bars { width: 58mm; height: 8.5mm; margin-top: 1mm; }`,
};

const BASE = `
* { box-sizing: border-box; margin: 0; }
body { font-family: Arial, Helvetica, sans-serif; color: #000; background: #fff; }
.label { overflow: hidden; display: flex; flex-direction: column; }
.top { display: flex; gap: 2mm; }
.qr { flex: none; }
.text { min-width: 0; display: flex; flex-direction: column; gap: 1mm; }
.code { font-weight: bold; font-family: 'DejaVu Sans Mono', Consolas, monospace; word-break: break-all; }
.crumb { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
.bars { display: block; }
.toolbar { padding: 8px; font-size: 14px; border-bottom: 1px solid #ccc; }
@media print { .toolbar { display: none; } }
@media screen { body { background: #eee; } .page { background: #fff; margin: 8px auto; } .label { outline: 1px dashed #bbb; } }`;

function labelHtml(l: Label): string {
  return `<div class="label" data-code="${escapeHtml(l.code)}"><div class="top">${qrSvg(l.code)}<div class="text"><div class="code">${escapeHtml(l.code)}</div><div class="crumb">${escapeHtml(l.crumb)}</div></div></div>${code128Svg(l.code)}</div>`;
}

export async function labelsPage(
  labels: readonly Label[],
  layout: LabelLayout,
  title: string,
): Promise<string> {
  const perPage = layout === 'sheet' ? PER_SHEET : 1;
  const pages: string[] = [];
  let current: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    if (i > 0 && i % BATCH === 0) await yieldToLoop();
    current.push(labelHtml(labels[i]));
    if (current.length === perPage) {
      pages.push(`<section class="page">${current.join('')}</section>`);
      current = [];
    }
  }
  if (current.length > 0) pages.push(`<section class="page">${current.join('')}</section>`);
  const count = `${labels.length} label${labels.length === 1 ? '' : 's'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${BASE}${STYLE[layout]}</style></head>
<body><div class="toolbar">${escapeHtml(title)} · ${count} · ${layout === 'sheet' ? 'A4, 3 × 8 labels of 70 × 37 mm' : 'one 62 × 29 mm label per page'} <button type="button" id="print">Print</button></div>
${pages.join('\n')}
<script>${LABELS_PRINT_SCRIPT}</script>
</body></html>`;
}
