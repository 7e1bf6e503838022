import { blPrice } from '../../marketplaces/bricklink/client';
import type { BlNewInventory } from '../../marketplaces/bricklink/types';
import type { BoLotFields } from '../../marketplaces/brickowl/types';

/**
 * What a lot carries besides item, quantity, price and notes — tiers, bulk, sale, retain and
 * stockroom — as each marketplace takes it. The upload sends it with a new lot, the stock sync
 * with every change (docs/marketplaces.md, "What a lot carries").
 */
export interface LotFields {
  /** 'Q1:P1,Q2:P2,Q3:P3' (one to three tiers, prices in thousandths); null for none. */
  tierPrice: string | null;
  /** Sold only in multiples of this (1: any quantity). */
  bulk: number;
  /** Percent off, -99 to 100. */
  sale: number;
  /** Kept on the marketplace at quantity 0 instead of deleted. */
  retain: boolean;
  /** BrickLink's stockroom: the lot is never on public sale. */
  stockroom: 'A' | 'B' | 'C' | null;
}

/** 'Q1:P1,Q2:P2,Q3:P3' as quantity and price pairs (prices in thousandths). */
export function tierList(tierPrice: string | null): { quantity: number; price: number }[] {
  if (!tierPrice) return [];
  return tierPrice.split(',').map((t) => {
    const [q, p] = t.split(':');
    return { quantity: Number(q), price: Number(p) };
  });
}

type BlTierFields = Pick<
  BlNewInventory,
  | 'tier_quantity1'
  | 'tier_price1'
  | 'tier_quantity2'
  | 'tier_price2'
  | 'tier_quantity3'
  | 'tier_price3'
>;

/** BrickLink's three tier pairs; a tier the lot does not have is 0 at 0.0000 (as BrickSync sends). */
export function blTiers(tierPrice: string | null): BlTierFields {
  const t = tierList(tierPrice);
  const q = (n: number) => t[n]?.quantity ?? 0;
  const p = (n: number) => blPrice((t[n]?.price ?? 0) / 1000);
  return {
    tier_quantity1: q(0),
    tier_price1: p(0),
    tier_quantity2: q(1),
    tier_price2: p(1),
    tier_quantity3: q(2),
    tier_price3: p(2),
  };
}

/**
 * The lot's fields as BrickLink's inventory takes them (a create, and an update: BrickLink keeps
 * what an update leaves out, so `tiersAlways` sends the tiers also when there are none, clearing
 * ones the lot had). A lot in a stockroom goes with `is_stock_room` and its `stock_room_id`.
 */
export function blLotFields(lot: LotFields, tiersAlways = false): Partial<BlNewInventory> {
  return {
    bulk: lot.bulk,
    sale_rate: lot.sale,
    is_retain: lot.retain,
    is_stock_room: lot.stockroom !== null,
    ...(lot.stockroom !== null ? { stock_room_id: lot.stockroom } : {}),
    ...(lot.tierPrice || tiersAlways ? blTiers(lot.tierPrice) : {}),
  };
}

/** BrickOwl takes a sale of -95 to 95 percent; a sale beyond goes as the nearest end. */
export const BO_SALE_MIN = -95;
export const BO_SALE_MAX = 95;

/** 'qty:price,qty:price' in BrickOwl's words (prices in the currency, not thousandths). */
export const boTierText = (tierPrice: string | null): string | null => {
  const t = tierList(tierPrice);
  return t.length === 0 ? null : t.map((x) => `${x.quantity}:${x.price / 1000}`).join(',');
};

/**
 * The lot's fields as BrickOwl's inventory/update takes them (its create takes none of them).
 * BrickOwl has no stockroom and no retain flag: a stockroom lot goes with `for_sale` 0, so it is
 * never on public sale. `whole` sends every field (the stock sync: the lot's whole state, so a
 * lot that left the stockroom goes back on sale and removed tiers are removed); without it only
 * what differs from a new lot (an upload), undefined when nothing does.
 */
export function boLotFields(lot: LotFields, whole: boolean): BoLotFields | undefined {
  const sale = Math.min(BO_SALE_MAX, Math.max(BO_SALE_MIN, lot.sale));
  const tiers = boTierText(lot.tierPrice);
  if (whole) {
    return {
      for_sale: lot.stockroom === null ? 1 : 0,
      sale_percent: sale,
      bulk_qty: lot.bulk,
      tier_price: tiers ?? 'remove',
    };
  }
  const fields: BoLotFields = {
    ...(lot.stockroom !== null ? { for_sale: 0 as const } : {}),
    ...(sale !== 0 ? { sale_percent: sale } : {}),
    ...(lot.bulk > 1 ? { bulk_qty: lot.bulk } : {}),
    ...(tiers ? { tier_price: tiers } : {}),
  };
  return Object.keys(fields).length > 0 ? fields : undefined;
}
