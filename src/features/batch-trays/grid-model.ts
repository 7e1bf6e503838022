import { TRAY_EDIT_FIELDS, type TrayEdit, type TrayRow } from '../../../contract/batch-trays';

/**
 * The editor's model, kept apart from the screen: saved rows from the server, pending edits by
 * tray (held here until accepted or denied), sorting and the click/ctrl-click/shift-click
 * selection.
 */

/** The editable values of a tray, as sent when the edit is accepted. */
export type Draft = {
  tray_id: number;
  item_id: number | null;
  mold_id: number | null;
  colour_id: number | null;
  condition: TrayRow['condition'];
  quantity: number;
  price: number;
  status: TrayRow['status'];
  comments: string;
};
export type DraftField = Exclude<keyof Draft, 'tray_id'>;

export function draftOf(row: TrayRow): Draft {
  return {
    tray_id: row.tray_id,
    item_id: row.item_id,
    mold_id: row.mold_id,
    colour_id: row.colour_id,
    condition: row.condition,
    quantity: row.quantity,
    price: row.price,
    status: row.status,
    comments: row.comments,
  };
}

/** The fields where the draft differs from the saved row. */
export function changedFields(row: TrayRow, draft: Draft | undefined): Set<DraftField> {
  const out = new Set<DraftField>();
  if (!draft) return out;
  for (const f of TRAY_EDIT_FIELDS) if (draft[f] !== row[f]) out.add(f);
  return out;
}

/** A pending map without drafts that equal their saved row. */
export function withDraft(
  pending: ReadonlyMap<number, Draft>,
  row: TrayRow,
  draft: Draft,
): Map<number, Draft> {
  const next = new Map(pending);
  if (changedFields(row, draft).size === 0) next.delete(row.tray_id);
  else next.set(row.tray_id, draft);
  return next;
}

export const toEdit = (d: Draft): TrayEdit => ({ ...d });

export type SortKey =
  | 'tray_nr'
  | 'accepted'
  | 'status'
  | 'mold_id'
  | 'readable_id'
  | 'colour_name'
  | 'condition'
  | 'quantity'
  | 'price'
  | 'comments';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** A click on a header sorts by it ascending; a second click turns it round. */
export const nextSort = (s: Sort, key: SortKey): Sort =>
  s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Rows in sort order (ties by tray number); empty values last. */
export function sortRows(rows: readonly TrayRow[], s: Sort): TrayRow[] {
  const sign = s.dir === 'asc' ? 1 : -1;
  const keyed = rows.map((r) => ({ r, v: r[s.key] }));
  keyed.sort((a, b) => {
    const x = a.v;
    const y = b.v;
    let c: number;
    if (x === null || x === undefined) c = y === null || y === undefined ? 0 : 1;
    else if (y === null || y === undefined) c = -1;
    else if (typeof x === 'number' && typeof y === 'number') c = sign * (x - y);
    else c = sign * collator.compare(String(x), String(y));
    return c !== 0 ? c : a.r.tray_nr - b.r.tray_nr;
  });
  return keyed.map((k) => k.r);
}

export interface Selection {
  ids: Set<number>;
  /** Where a shift-click range starts. */
  anchor: number | null;
}
export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/** Click selects the row; ctrl-click toggles it; shift-click selects the range from the anchor. */
export function clickRow(
  sel: Selection,
  order: readonly number[],
  id: number,
  keys: { ctrl: boolean; shift: boolean },
): Selection {
  if (keys.shift && sel.anchor !== null) {
    const a = order.indexOf(sel.anchor);
    const b = order.indexOf(id);
    if (a >= 0 && b >= 0) {
      const [from, to] = a < b ? [a, b] : [b, a];
      const ids = new Set(keys.ctrl ? sel.ids : []);
      for (const x of order.slice(from, to + 1)) ids.add(x);
      return { ids, anchor: sel.anchor };
    }
  }
  if (keys.ctrl) {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  return { ids: new Set([id]), anchor: id };
}

/** A mould id as typed: dashes removed; a whole number or nothing. */
export function parseMouldId(text: string): number | null {
  const t = text.replace(/-/g, '').trim();
  return /^\d{1,9}$/.test(t) && Number(t) > 0 ? Number(t) : null;
}
