import * as api from './api';
import { parseMouldId, type Draft, type DraftField } from './grid-model';

/** The value typed into a cell, or undefined when it is not one the field takes. */
export function parseCell(field: DraftField, text: string): Draft[DraftField] | undefined {
  const t = text.trim();
  switch (field) {
    case 'mold_id':
      return t === '' ? null : (parseMouldId(t) ?? undefined);
    case 'colour_id':
    case 'item_id':
      return t === '' ? null : /^\d+$/.test(t) ? Number(t) : undefined;
    case 'quantity':
      return /^\d{1,7}$/.test(t) ? Number(t) : undefined;
    case 'price': {
      // Kept to the thousandth of a euro, as the server stores it (0,1334 is 0.133).
      const n = Number(t.replace(',', '.'));
      return t !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) / 1000 : undefined;
    }
    case 'condition':
      return t === '' ? null : (t as Draft['condition']);
    case 'status':
      return t as Draft['status'];
    default:
      return text;
  }
}

/** Mould, colour or condition changed: keep the item if it still matches, else its first variant. */
export async function resolveVariant(d: Draft): Promise<Draft> {
  if (d.mold_id === null || d.colour_id === null || d.condition === null)
    return { ...d, item_id: null };
  const variants = await api.fetchVariants({
    mold_id: d.mold_id,
    colour_id: d.colour_id,
    condition: d.condition,
  });
  const keep = variants.some((v) => v.item_id === d.item_id);
  return { ...d, item_id: keep ? d.item_id : (variants[0]?.item_id ?? null) };
}
