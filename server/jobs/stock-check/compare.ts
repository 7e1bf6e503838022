import type { ConditionName } from '../../db/schema-domain';
import type { LotFields } from '../upload/lot-fields';

/** One store item as the warehouse believes it is listed. */
export interface CheckedItem {
  id: number;
  itemId: number;
  lotId: string | null;
  /** What the marketplace holds as far as the warehouse knows. */
  listed: number;
  /** thousandths */
  price: number;
  /** A change is on its way (waiting, or a quantity change being sent): the lot may differ. */
  changing: boolean;
  /** The item in words, for a person: "3001 Brick 2 x 4 in Red". */
  words: string;
}

/** One lot as the marketplace lists it. */
export interface MarketLot {
  id: string;
  quantity: number;
  /** thousandths */
  price: number;
  /** What the lot is, for a lot the warehouse does not know (see unknownLots). */
  info?: LotInfo;
}

/** What a lot is, in the marketplace's ids, with its notes and our upload's mark if it has one. */
export interface LotInfo {
  /** BrickLink's item number and type letter (P, S, M…), for a BrickLink lot. */
  blItemNo: string | null;
  typeCode: string | null;
  /** BrickOwl's BOID as listed ("306255-64"), for a BrickOwl lot. */
  boid: string | null;
  /** The marketplace's colour id. */
  colourId: number | null;
  /** The warehouse's condition: NEW, or a used grade. */
  condition: ConditionName;
  notePublic: string;
  notePrivate: string;
  /** Our upload's mark (`bw-<job item>`), when the lot carries one. */
  mark: string | null;
  /** Tiers, bulk, sale, retain and stockroom, as listed. */
  fields: LotFields;
}

export type Difference<T extends CheckedItem = CheckedItem> =
  | { kind: 'missing'; item: T; text: string }
  | { kind: 'quantity'; item: T; text: string; quantity: number }
  | { kind: 'price'; item: T; text: string };

export type MarketName = 'BrickLink' | 'BrickOwl';

/** A price in thousandths as a person reads it: 450 → "€ 0,450". */
export function euros(thousandths: number): string {
  return `€ ${(thousandths / 1000).toFixed(3).replace('.', ',')}`;
}

/** A marketplace price ("0.2500" on BrickLink, "0.25" on BrickOwl) in thousandths. */
export function thousandths(price: string | number): number {
  return Math.round(Number(price) * 1000);
}

/**
 * Where the store's lots differ from what the warehouse believes: a store item whose lot is not
 * on the store, a lot holding another quantity, a lot at another price. Items not uploaded yet
 * (no lot id) and items with a change on its way are left out: the stock sync deals with them.
 */
export function compareLots<T extends CheckedItem>(
  market: MarketName,
  items: T[],
  lots: MarketLot[],
): Difference<T>[] {
  const byId = new Map(lots.map((l) => [l.id, l]));
  const found: Difference<T>[] = [];
  for (const item of items) {
    if (item.lotId === null || item.changing) continue;
    const lot = byId.get(item.lotId);
    if (!lot) {
      const text = `Lot ${item.lotId} of ${item.words} is not on ${market}: upload the item again in a sync batch`;
      found.push({ kind: 'missing', item, text });
      continue;
    }
    if (lot.quantity !== item.listed) {
      const text = `Quantity on ${market} (${lot.quantity}) differs from the warehouse (${item.listed}): lot ${lot.id} of ${item.words}`;
      found.push({ kind: 'quantity', item, text, quantity: lot.quantity });
    }
    if (lot.price !== item.price) {
      const text = `Price on ${market} (${euros(lot.price)}) differs from the warehouse (${euros(item.price)}): lot ${lot.id} of ${item.words}`;
      found.push({ kind: 'price', item, text });
    }
  }
  return found;
}

/**
 * The store's lots the warehouse does not know: no store item holds their lot id. Left out: lots
 * holding nothing (not on sale), and lots an upload still has to settle (their mark is one of
 * `settling`: the upload finds them by it).
 */
export function unknownLots(
  lots: MarketLot[],
  known: Set<string>,
  settling: Set<string>,
): MarketLot[] {
  return lots.filter(
    (l) => !known.has(l.id) && l.quantity > 0 && !(l.info?.mark && settling.has(l.info.mark)),
  );
}
