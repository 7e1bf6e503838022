import { OrderMessages } from '../../../contract/orders';

/**
 * What the picker's screen does after a confirmed quantity:
 * - `done`: everything still to pick was picked; the item leaves the route.
 * - `elsewhere`: the location is empty now, but more is ordered; the route takes the picker to the
 *   next location that holds the item.
 * - `skip`: less than ordered was picked although there was more here; the item is skipped and
 *   remembered ('You did not pick what was ordered, so this item will be skipped').
 */
export type AfterPick = 'done' | 'elsewhere' | 'skip';

export function afterPick(toPick: number, stockHere: number, quantity: number): AfterPick {
  if (quantity >= toPick) return 'done';
  if (quantity > 0 && stockHere - quantity <= 0) return 'elsewhere';
  return 'skip';
}

/**
 * Checks a quantity before it is confirmed: a whole number from 0 to what is still to pick, and
 * no more than the stock at the location as this device knows it. Returns the message to show, or
 * null when it may be confirmed.
 */
export function quantityProblem(quantity: number, toPick: number, stockHere: number) {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > toPick) {
    return `Enter a quantity from 0 to ${toPick}.`;
  }
  if (quantity > stockHere) return OrderMessages.stockInsufficient;
  return null;
}

/** The quantity the input starts with: what is still to pick, as far as the stock here allows. */
export function suggestedQuantity(toPick: number, stockHere: number): number {
  return Math.max(0, Math.min(toPick, stockHere));
}

/** Remember a skipped item (item variant id) once. */
export function withSkipped(skipped: readonly number[], itemId: number): number[] {
  return skipped.includes(itemId) ? [...skipped] : [...skipped, itemId];
}
