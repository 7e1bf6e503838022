import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { BSX_QTY_MAX, type BsxLot } from './bsx/lot';
import { BSX_ITEM_TYPES } from './bsx/stream-read';
import { id, int, paging, PRICE_MAX, text } from './fields';

/**
 * Sync batches (docs/bricksyncer.md): lots imported from a BSX file, priced, then uploaded to the
 * stores. Prices are whole thousandths of a euro on the wire and in the database; the screens
 * divide by 1000 to show them and multiply by 1000 to send them. The batch checks live here so
 * the import screen and the server give the same messages.
 */

export const SYNC_BATCH_PAGE_SIZE = 10;
/** The most lots one batch (and one import) may hold. */
export const SYNC_BATCH_MAX_ITEMS = 100_000;
/** The most lots one call looks up or adds: a larger import goes in chunks of this many. */
export const SYNC_BATCH_CHUNK = 5_000;
/** Highest price of one lot: one million euro, in thousandths. */
export const SYNC_PRICE_MAX = PRICE_MAX;
/** BrickLink's stockrooms: a lot in one is kept off sale. */
export const SYNC_STOCKROOMS = ['A', 'B', 'C'] as const;

export const SYNC_CONDITIONS = ['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const;
export type SyncCondition = (typeof SYNC_CONDITIONS)[number];
export const SYNC_COMPLETENESS = ['SEALED', 'COMPLETE', 'INCOMPLETE'] as const;
export type SyncCompleteness = (typeof SYNC_COMPLETENESS)[number];

export const SyncBatchMessages = {
  noFile: 'Please select a BSX file to import',
  noCondition: (x: string) => `item ${x} has no condition`,
  noCompleteness: (x: string) => `item ${x} is a set but has no completeness`,
  zeroQuantity: (x: string) => `item ${x} has a quantity of 0`,
  noPrice: (x: string) => `item ${x} should have a price of > 0`,
  decimals: (x: string) => `item ${x} has a quantity with decimals which is not allowed`,
  notInCatalog: (x: string) => `item ${x} is not in the catalog`,
  newLocked: (x: string) => `item ${x} is new in the file and keeps the condition NEW`,
  nameEmpty: SharedMessages.giveAName,
  noItems: 'The batch has no items',
  batchNotFound: SharedMessages.batchNotFound,
  itemNotInBatch: 'This item is not in the batch',
  uploadNoPrice: 'Error: item can not be uploaded when it has no price or with a price of 0',
  uploadNotAvailable: 'Uploading a batch to the stores is not available yet',
  importing: (held: number, total: number) =>
    `This batch is still being imported (${held.toLocaleString('en')} of ${total.toLocaleString('en')} lots)`,
  importDone: 'This batch holds every lot of its import: no more lots can be added',
  importGap: (held: number) =>
    `These lots do not follow the ${held.toLocaleString('en')} lots the batch holds: add them from lot ${(held + 1).toLocaleString('en')}`,
  importOver: (total: number) => `The import was announced with ${total.toLocaleString('en')} lots`,
  lotsBelowItems: 'The number of lots is lower than the lots sent',
  retrieveBatch: 'Something went wrong, not able to retrieve the batch.',
  retrieveItems: 'Something went wrong, not able to retrieve the items.',
} as const;

/**
 * What the import and the batch page tell of lots whose item the warehouse holds none of in its
 * locations: once uploaded they are stock kept elsewhere (docs/marketplaces.md, "Stock kept
 * elsewhere").
 */
export const StockElsewhereMessages = {
  title: 'Stock kept elsewhere',
  /** `labels`: the first few lots, `lots`: how many in all. */
  none: (labels: string[], lots: number) =>
    `The warehouse holds none of ${lots === 1 ? 'this item' : `these ${lots.toLocaleString('en')} items`} in its locations: ${labels.join(', ')}${lots > labels.length ? `, … ${(lots - labels.length).toLocaleString('en')} more` : ''}.`,
  meaning:
    "Once uploaded, their lots are stock kept elsewhere: a sale on one store lowers the other stores by what was sold, and the warehouse's stock does not change them. Lots of items the warehouse does hold are kept to what it can sell.",
  /** The upload's line in the Logs. */
  uploaded:
    "Their lots are stock kept elsewhere: a sale on one store lowers the other stores by what was sold, and the warehouse's stock does not change them.",
} as const;
/** How many lots a stock-kept-elsewhere notice names. */
export const STOCK_ELSEWHERE_SHOWN = 10;

/** The one alert the import shows for every failed check. */
export const errorAlert = (problems: string[]): string => `Error: ${problems.join('\n')}`;

const bsxType = z.enum(BSX_ITEM_TYPES);
const condition = z.enum(SYNC_CONDITIONS);
const completeness = z.enum(SYNC_COMPLETENESS);

/** A lot to look up in the catalog (BrickLink ids, as in the file). */
export const ConvertLot = z.object({
  bl_item_id: text(64).min(1),
  item_type_id: bsxType,
  colour_id: int(0, 100_000),
});
export type ConvertLot = z.infer<typeof ConvertLot>;
export const ConvertBody = z.object({ lots: z.array(ConvertLot).min(1).max(SYNC_BATCH_CHUNK) });

/** The catalog's answer for one lot, in the order asked; found false when it is not known. */
export const ConvertedLot = z.object({
  found: z.boolean(),
  mold_name: z.string().nullable(),
  type_name: z.string().nullable(),
  category_name: z.string().nullable(),
  colour_name: z.string().nullable(),
  colour_hex: z.string().nullable(),
  url: z.string().nullable(),
  /**
   * Pieces of this mould and colour (any condition) the company holds in its locations; 0 when
   * none or not in the catalog. A lot of an item the warehouse holds none of is stock kept
   * elsewhere once uploaded (see StockElsewhereMessages).
   */
  in_warehouse: z.number(),
});
export type ConvertedLot = z.infer<typeof ConvertedLot>;
export const ConvertResult = z.object({ results: z.array(ConvertedLot) });

export const NewBatchItem = ConvertLot.extend({
  /** What the file said: an N lot must stay NEW. */
  bsx_condition: z.enum(['N', 'U']),
  /** May have decimals or be 0 here; the batch checks name them. */
  quantity: z.number().min(0).max(1_000_000),
  condition: condition.nullable(),
  completeness: completeness.nullable(),
  price: int(0, SYNC_PRICE_MAX).nullable(),
  note_public: text(4000, { trim: false }),
  note_private: text(4000, { trim: false }),
  /** Only for the messages. */
  colour_name: text(200).optional(),
  /** Up to three tiers: from `quantity` pieces on, `price` (thousandths) each. */
  tiers: z
    .array(z.object({ quantity: int(1, BSX_QTY_MAX), price: int(0, SYNC_PRICE_MAX) }))
    .max(3)
    .default([]),
  /** Sold only in multiples of this (1: any quantity). */
  bulk: int(1, BSX_QTY_MAX).default(1),
  /** Percent off the price (BrickStore: -99 to 100). */
  sale: int(-99, 100).default(0),
  /** Kept on the marketplace at quantity 0. */
  retain: z.boolean().default(false),
  /** In BrickLink stockroom A, B or C (off sale); null when for sale. */
  stockroom: z.enum(SYNC_STOCKROOMS).nullable().default(null),
});
export type NewBatchItem = z.infer<typeof NewBatchItem>;

const Currency = z.string().regex(/^[A-Z]{3}$/, { error: 'A currency code like EUR' });

/**
 * A new batch with its lots, or with the first chunk of them: `lots` announces how many the
 * import holds in all, and the rest follow with POST /v1/sync_batch_lots.
 */
export const NewBatchBody = z.object({
  name: text(200),
  comments: text(4000).default(''),
  project_id: id().nullable().default(null),
  /** The file's currency: the prices are in it. */
  currency: Currency.default('EUR'),
  items: z.array(NewBatchItem).max(SYNC_BATCH_CHUNK),
  lots: int(1, SYNC_BATCH_MAX_ITEMS).optional(),
});
export type NewBatchBody = z.infer<typeof NewBatchBody>;

/** The next chunk of a batch's lots: `offset` is how many came before (the batch's lots so far). */
export const AddLotsBody = z.object({
  batch_id: id(),
  offset: int(0, SYNC_BATCH_MAX_ITEMS),
  items: z.array(NewBatchItem).min(1).max(SYNC_BATCH_CHUNK),
});
export type AddLotsBody = z.infer<typeof AddLotsBody>;
/** A batch's import so far: `lots_expected` is null once every lot is in. */
export const ImportState = z.object({
  batch_id: z.number(),
  lots: z.number(),
  lots_expected: z.number().nullable(),
});
export type ImportState = z.infer<typeof ImportState>;

/** How a lot is named in the messages: its BrickLink id and colour (when it has one). */
export const lotLabel = (i: {
  bl_item_id: string;
  colour_id?: number;
  colour_name?: string | null;
}): string => (i.colour_name && i.colour_id ? `${i.bl_item_id} (${i.colour_name})` : i.bl_item_id);

/** The checks of a new batch's items, every failure at once (empty when all pass). */
export function checkNewBatchItems(items: NewBatchItem[]): string[] {
  const problems: string[] = [];
  for (const i of items) {
    const x = lotLabel(i);
    if (!i.condition) problems.push(SyncBatchMessages.noCondition(x));
    else if (i.bsx_condition === 'N' && i.condition !== 'NEW') {
      problems.push(SyncBatchMessages.newLocked(x));
    }
    if (i.item_type_id === 'S' && !i.completeness) {
      problems.push(SyncBatchMessages.noCompleteness(x));
    }
    if (i.quantity === 0) problems.push(SyncBatchMessages.zeroQuantity(x));
    if (!i.price || i.price <= 0) problems.push(SyncBatchMessages.noPrice(x));
    if (!Number.isInteger(i.quantity)) problems.push(SyncBatchMessages.decimals(x));
  }
  return problems;
}

const SUB_CONDITION: Record<string, SyncCompleteness> = {
  C: 'COMPLETE',
  I: 'INCOMPLETE',
  M: 'SEALED',
};

/** A BSX lot as a new batch item: N becomes NEW, other conditions are left for the user. */
export function newItemFromLot(lot: BsxLot): NewBatchItem {
  return {
    bl_item_id: lot.item_id,
    item_type_id: lot.item_type_id as NewBatchItem['item_type_id'],
    colour_id: lot.color_id,
    bsx_condition: lot.condition,
    quantity: lot.qty,
    condition: lot.condition === 'N' ? 'NEW' : null,
    completeness:
      lot.item_type_id === 'S' ? (SUB_CONDITION[lot.sub_condition ?? ''] ?? null) : null,
    price: lot.price ?? null,
    note_public: lot.comments,
    note_private: lot.remarks,
    ...(lot.color_name ? { colour_name: lot.color_name } : {}),
    tiers: lot.tiers,
    bulk: lot.bulk,
    sale: lot.sale,
    retain: lot.retain,
    stockroom: lot.stockroom,
  };
}

export const SyncBatchRow = z.object({
  batch_id: z.number(),
  name: z.string(),
  project_id: z.number().nullable(),
  date_of_creation: z.string(),
  comments: z.string(),
  status: z.string(),
  items: z.number(),
  creator_name: z.string().nullable(),
  /** The prices' currency (the imported file's). */
  currency: z.string(),
  /** While the import is still adding lots: how many it holds in all; null once complete. */
  lots_expected: z.number().nullable(),
});
export type SyncBatchRow = z.infer<typeof SyncBatchRow>;

export const SyncBatchListQuery = z.object(paging(SYNC_BATCH_PAGE_SIZE));
export const SyncBatchList = z.object({
  results: z.array(SyncBatchRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type SyncBatchList = z.infer<typeof SyncBatchList>;

export const BatchIdQuery = z.object({ batch_id: id() });

export const SyncBatchItem = z.object({
  /** The batch item's own id (prices are edited by it). */
  id: z.number(),
  /** The warehouse item. */
  item_id: z.number(),
  bl_item_id: z.string().nullable(),
  url: z.string().nullable(),
  colour_hex: z.string().nullable(),
  type_name: z.string().nullable(),
  category_name: z.string().nullable(),
  mold_name: z.string(),
  colour_name: z.string(),
  condition: z.string(),
  completeness: z.string().nullable(),
  theme_name: z.string().nullable(),
  note_private: z.string(),
  note_public: z.string(),
  quantity: z.number(),
  /** thousandths; 0 when none */
  price: z.number(),
  /** The BSX item type letter (P, S, M, …). */
  item_type: z.string().nullable(),
  /** The lot's BrickLink colour id as imported (0: none); null for older lots. */
  bl_colour_id: z.number().nullable(),
  tiers: z.array(z.object({ quantity: z.number(), price: z.number() })),
  bulk: z.number(),
  sale: z.number(),
  retain: z.boolean(),
  stockroom: z.enum(SYNC_STOCKROOMS).nullable(),
  /** Pieces of the warehouse item the company holds in its locations (0: stock kept elsewhere). */
  in_warehouse: z.number(),
});
export type SyncBatchItem = z.infer<typeof SyncBatchItem>;
export const SyncBatchItems = z.object({ results: z.array(SyncBatchItem) });

export const PricesBody = z.object({
  batch_id: id(),
  items: z
    .array(z.object({ id: id(), price: int(0, SYNC_PRICE_MAX) }))
    .min(1)
    .max(SYNC_BATCH_MAX_ITEMS),
});

export const UploadBody = z.object({
  items: z
    .array(z.object({ item_id: id(), price: int(0, SYNC_PRICE_MAX), quantity: int(1, 1_000_000) }))
    .max(SYNC_BATCH_MAX_ITEMS)
    .default([]),
});

/** Whether every item may be uploaded (a price above 0). */
export const canUpload = (items: { price: number | null }[]): boolean =>
  items.length > 0 && items.every((i) => i.price !== null && i.price > 0);

/** The company's projects a new batch may belong to: no more than a name and a status each. */
export const SyncBatchProjects = z.object({
  results: z.array(z.object({ project_id: z.number(), name: z.string(), status: z.string() })),
});
export type SyncBatchProjects = z.infer<typeof SyncBatchProjects>;
