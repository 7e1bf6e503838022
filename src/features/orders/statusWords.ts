import { PickingStatus, type PickingStatusName } from '../../../contract/orders';

/**
 * Order and picking statuses in the warehouse's words ("Being picked", "On hold"), never the
 * server's names (BEING_PICKED, ON_HOLD). Every screen that shows a status takes it from here.
 */

const PICKING_WORDS: Record<PickingStatusName, string> = {
  UNASSIGNED: 'Unassigned',
  BEING_PICKED: 'Being picked',
  PAUSED: 'Paused',
  PICKED: 'Picked',
};

const NAME_OF_ID = new Map<number, PickingStatusName>(
  Object.entries(PickingStatus).map(([name, id]) => [id, name as PickingStatusName]),
);

/** "ON_HOLD" → "On hold": a status name the app has no words for, read as words. */
function asWords(name: string): string {
  const words = name.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/**
 * A picking status, from its id (1–4) or its name (BEING_PICKED): "Unassigned", "Being picked",
 * "Paused" or "Picked". A status the app does not know reads as "Unknown status".
 */
export function pickingStatusWords(status: number | string | null | undefined): string {
  const name =
    typeof status === 'number' ? NAME_OF_ID.get(status) : (status ?? '').trim().toUpperCase();
  if (name && name in PICKING_WORDS) return PICKING_WORDS[name as PickingStatusName];
  if (typeof status === 'string' && status.trim()) return asWords(status);
  return 'Unknown status';
}

/**
 * An order's marketplace status (PENDING, PAID, ON_HOLD, …) as words: "Pending", "Paid",
 * "On hold".
 */
export function orderStatusWords(name: string | null | undefined): string {
  return asWords(name ?? '') || 'Unknown status';
}

/** The picking statuses an order manager chooses from, in the order an order goes through them. */
export const PICKING_STATUS_CHOICES: { value: string; label: string }[] = (
  ['UNASSIGNED', 'BEING_PICKED', 'PAUSED', 'PICKED'] as const
).map((name) => ({ value: String(PickingStatus[name]), label: PICKING_WORDS[name] }));
