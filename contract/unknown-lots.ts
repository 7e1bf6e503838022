import { z } from 'zod';
import { id } from './fields';
import { JobView } from './jobs';

/**
 * Lots on a store that the warehouse does not know (docs/marketplaces.md, "Stock check"): the stock
 * check lists them, and a person adopts each (it becomes one of the warehouse's store items, kept
 * by later syncs) or removes it from the store (after a confirmation; the stock sync deletes it).
 * Prices are thousandths of the store's currency.
 */

export const UNKNOWN_LOT_STATUSES = ['open', 'removing', 'adopted', 'removed'] as const;

export const UnknownLotRow = z.object({
  id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  platform: z.enum(['BRICKLINK', 'BRICKOWL']),
  /** The store's currency: the price is in it. */
  currency: z.string(),
  /** The marketplace's lot id. */
  lot_id: z.string(),
  /** The lot in words: "3001 Brick 2 x 4 in Red (new)". */
  words: z.string(),
  quantity: z.number(),
  /** thousandths of `currency` */
  price: z.number(),
  /** The warehouse's item the lot maps to, when the check found one. */
  item_id: z.number().nullable(),
  /** Pieces of that item in the warehouse's locations (0: none, or no item). */
  in_warehouse: z.number(),
  status: z.enum(UNKNOWN_LOT_STATUSES),
  /** Why the store refused to remove it, when it did. */
  error: z.string().nullable(),
  found_at: z.string(),
  seen_at: z.string(),
});
export type UnknownLotRow = z.infer<typeof UnknownLotRow>;

/** The company's unknown lots still waiting for a person (open) or being removed. */
export const UnknownLotList = z.object({ results: z.array(UnknownLotRow) });
export type UnknownLotList = z.infer<typeof UnknownLotList>;

/** Adopt or remove: the lot's row id. */
export const UnknownLotBody = z.object({ id: id() });

/** A removal asked for: the lot (removing) and the stock sync that will delete it. */
export const UnknownLotRemoval = z.object({ lot: UnknownLotRow, jobs: z.array(JobView) });
export type UnknownLotRemoval = z.infer<typeof UnknownLotRemoval>;

export const UnknownLotMessages = {
  title: 'Lots on the stores the warehouse does not know',
  empty: 'The stock checks found no lots the warehouse does not know.',
  notFound: 'Lot not found',
  notOpen: 'This lot has already been adopted or is being removed',
  noItem: (lot: string, words: string) =>
    `The warehouse has no item for lot ${lot} (${words}): add the item to the warehouse, then adopt the lot, or remove it from the store`,
  taken: (lot: string, other: string | null) =>
    `The store already has ${other ? `lot ${other}` : 'a lot'} of this item, and the warehouse keeps one lot per item and store: remove one of the two lots (lot ${lot} here, or the other in Edit prices)`,
  adoptedElsewhere: (lot: string) =>
    `Lot ${lot} is now one of the warehouse's lots. The warehouse holds none of its item in its locations: it is stock kept elsewhere, and a sale on another store lowers it by what was sold.`,
  adoptedHeld: (lot: string, held: number) =>
    `Lot ${lot} is now one of the warehouse's lots. The warehouse holds ${held} of its item: the stock sync keeps the lot to what the warehouse can sell.`,
  removeTitle: 'Remove the lot from the store',
  removeQuestion: (lot: string, words: string, quantity: number, store: string) =>
    `Remove lot ${lot} (${words}, ${quantity} ${quantity === 1 ? 'piece' : 'pieces'}) from ${store}? Buyers can no longer buy it there, and this cannot be undone from here.`,
  removing: (lot: string) => `Lot ${lot} is removed from the store by the next stock sync`,
} as const;
