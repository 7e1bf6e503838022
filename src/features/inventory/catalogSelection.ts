import { ADD_BRICKS_MAX } from '../../../contract/inventory';

/**
 * The Kulla Catalog's select mode: rows are selected with a checkbox; the amount field takes at
 * most 4 digits and is enabled only while its row is selected. Selections survive paging and
 * filtering until bricks are added.
 */

export const AMOUNT_MAX_LENGTH = 4;
export const NOTHING_SELECTED = 'Select the items to add bricks to first.';
export const AMOUNT_NEEDED = 'Enter an amount from 1 to 9999 for every selected item:';

export interface SelectedRow {
  item_id: number;
  /** What the row shows (mould and colour), for messages. */
  label: string;
  /** The amount field's text. */
  amount: string;
}

export type Selection = ReadonlyMap<number, SelectedRow>;

/** Keeps only digits, at most 4 of them. */
export function amountText(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, AMOUNT_MAX_LENGTH);
}

export function toggleRow(
  selection: Selection,
  row: { item_id: number; label: string },
  selected: boolean,
): Selection {
  const next = new Map(selection);
  if (selected) next.set(row.item_id, { ...row, amount: selection.get(row.item_id)?.amount ?? '' });
  else next.delete(row.item_id);
  return next;
}

export function setAmount(selection: Selection, itemId: number, typed: string): Selection {
  const row = selection.get(itemId);
  if (!row) return selection;
  return new Map(selection).set(itemId, { ...row, amount: amountText(typed) });
}

/** The add requests of the selection, or the message why it cannot be sent yet. */
export function addRequests(
  selection: Selection,
):
  | { ok: true; requests: { item_id: number; amount: number; label: string }[] }
  | { ok: false; message: string } {
  if (selection.size === 0) return { ok: false, message: NOTHING_SELECTED };
  const requests: { item_id: number; amount: number; label: string }[] = [];
  const missing: string[] = [];
  for (const row of selection.values()) {
    const amount = /^\d+$/.test(row.amount) ? Number(row.amount) : 0;
    if (amount < 1 || amount > ADD_BRICKS_MAX) missing.push(row.label);
    else requests.push({ item_id: row.item_id, amount, label: row.label });
  }
  if (missing.length > 0) {
    return { ok: false, message: `${AMOUNT_NEEDED}\n${missing.map((l) => `- ${l}`).join('\n')}` };
  }
  return { ok: true, requests };
}
