import { z } from 'zod';
import {
  BULK_MAX,
  currencyCode,
  DEFAULT_CURRENCY,
  id,
  int,
  paging,
  PRICE_MAX,
  text,
  typedNumber,
} from './fields';

/**
 * The marketplace back office (docs/bricksyncer-admin.md): stores and their credentials, items on
 * sale, stock errors, settings and the sync log. The v2 calls speak JSON:API ({ data } documents
 * of { id, type, attributes }); the v1 store-item calls speak plain JSON. Request fields are the
 * project's field types (contract/fields.ts): ids up to 2^31 − 1, no NUL in text, bounded numbers.
 */

export const JSON_API = 'application/vnd.api+json';

export const StorePlatform = z.enum(['BRICKLINK', 'BRICKOWL']);
export type StorePlatform = z.infer<typeof StorePlatform>;

/** The credential fields each platform needs, in form order, with their labels. */
export const CREDENTIAL_FIELDS = {
  BRICKLINK: [
    { key: 'consumer_key', label: 'Consumer key' },
    { key: 'consumer_secret', label: 'Consumer secret' },
    { key: 'token_key', label: 'Token value' },
    { key: 'token_secret', label: 'Token secret' },
  ],
  BRICKOWL: [{ key: 'api_key', label: 'API key' }],
} as const satisfies Record<StorePlatform, readonly { key: string; label: string }[]>;

export type CredentialKey = (typeof CREDENTIAL_FIELDS)[StorePlatform][number]['key'];
export const ALL_CREDENTIAL_KEYS: CredentialKey[] = [
  ...CREDENTIAL_FIELDS.BRICKLINK.map((f) => f.key),
  ...CREDENTIAL_FIELDS.BRICKOWL.map((f) => f.key),
];

/** The most stores a company may have; adding one more is refused with `StoreMessages.tooMany`. */
export const STORE_MAX = 20;

export const StoreMessages = {
  notFound: 'Store not found',
  nameRequired: 'Name is required',
  externalIdRequired: 'External id is required',
  platformRequired: 'Platform must be BRICKLINK or BRICKOWL',
  credentialRequired: (label: string) => `${label} is required`,
  tooMany: `A company can have at most ${STORE_MAX} stores: delete one before adding another.`,
  deleteQuestion: (name: string) =>
    `Are you sure you want to delete store "${name}" and all associated stock and orders?`,
} as const;

const Credentials = z
  .object(Object.fromEntries(ALL_CREDENTIAL_KEYS.map((k) => [k, text(500).nullish()])))
  .partial();

/** What the store form sends; every rule with its message is in checkStore. */
export const StoreAttributesIn = z.object({
  name: text(200).nullish(),
  platform: text(20).nullish(),
  external_id: text(200).nullish(),
  credentials: Credentials.nullish(),
  /** The ISO code the store sells in; absent: kept (EUR for a new store). */
  currency: currencyCode().nullish(),
});
export type StoreAttributesIn = z.infer<typeof StoreAttributesIn>;

// ---- v2 documents: one resource or a list of them under `data` ----

/** A resource as the server answers it: its id, its type and its attributes. */
const resource = <T extends string, A extends z.ZodRawShape>(type: T, attributes: A) =>
  z.object({ id: z.string(), type: z.literal(type), attributes: z.object(attributes) });
/** A body that writes one resource: its type, its id when it has one, and the attributes. */
const resourceWrite = <T extends string, A extends z.ZodType>(type: T, attributes: A) =>
  z.object({ data: z.object({ type: z.literal(type), id: text(20).optional(), attributes }) });
const documentOf = <R extends z.ZodType>(one: R) => z.object({ data: one });
const listDocumentOf = <R extends z.ZodType>(one: R) => z.object({ data: z.array(one) });

export const StoreWrite = resourceWrite('stores', StoreAttributesIn);
export type StoreWrite = z.infer<typeof StoreWrite>;

export interface StoreValues {
  name: string;
  platform: StorePlatform;
  external_id: string;
  credentials: Record<string, string>;
  currency: string;
}

/**
 * The store form's rules: name, external id and each credential of the platform are required; the
 * other platform's credentials are dropped. `kept` are the stored credentials of the store being
 * edited on the same platform: a credential left empty keeps its stored value. A currency not
 * given keeps `keptCurrency` (the store's, or EUR for a new store).
 */
export function checkStore(
  input: StoreAttributesIn,
  kept: Record<string, string> = {},
  keptCurrency: string = DEFAULT_CURRENCY,
): { ok: true; values: StoreValues } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const name = (input.name ?? '').trim();
  const externalId = (input.external_id ?? '').trim();
  if (!name) problems.push(StoreMessages.nameRequired);
  const platform = StorePlatform.safeParse(input.platform);
  if (!platform.success) problems.push(StoreMessages.platformRequired);
  if (!externalId) problems.push(StoreMessages.externalIdRequired);
  const credentials: Record<string, string> = {};
  if (platform.success) {
    for (const field of CREDENTIAL_FIELDS[platform.data]) {
      const value = (input.credentials?.[field.key] ?? '').trim() || kept[field.key] || '';
      if (!value) problems.push(StoreMessages.credentialRequired(field.label));
      credentials[field.key] = value;
    }
  }
  if (problems.length > 0 || !platform.success) return { ok: false, problems };
  return {
    ok: true,
    values: {
      name,
      platform: platform.data,
      external_id: externalId,
      credentials,
      currency: input.currency ?? keptCurrency,
    },
  };
}

export const StoreResource = resource('stores', {
  name: z.string(),
  platform: StorePlatform,
  external_id: z.string(),
  /** The ISO code of the currency the store sells in: batches of another are not uploaded to it. */
  currency: z.string(),
  /**
   * Masked: a secret shows only that it is set (`CREDENTIAL_SET`); the public BrickLink consumer
   * key shows its last 4 characters when long enough; '' when not set.
   */
  credentials: z.record(z.string(), z.string()),
});
export type StoreResource = z.infer<typeof StoreResource>;
export const StoreDocument = documentOf(StoreResource);
export const StoreListDocument = listDocumentOf(StoreResource);
export type StoreListDocument = z.infer<typeof StoreListDocument>;
export const StoreIdParams = z.object({ storeId: id() });

/** How a secret credential that is set shows: nothing of the secret itself. */
export const CREDENTIAL_SET = '•••• set';

/** The credentials that are not secrets (BrickLink's consumer key identifies the app). */
export const PUBLIC_CREDENTIAL_KEYS: readonly string[] = ['consumer_key'];

/**
 * A credential as the API shows it: '' when not set; a secret only as `CREDENTIAL_SET`; a public
 * key as its last 4 characters when it is long enough (12 or more), else as `CREDENTIAL_SET`.
 */
export function maskCredential(key: string, value: string | undefined): string {
  if (!value) return '';
  if (PUBLIC_CREDENTIAL_KEYS.includes(key) && value.length >= 12) return `****${value.slice(-4)}`;
  return CREDENTIAL_SET;
}

// ---- items on sale (v1) ----

export const StoreItemMessages = {
  price: 'ERROR: item can not have no price or a price of 0',
  tierPrice:
    'ERROR: item tier price has to be in the format: TIER_QUANTITY1:TIER_PRICE1,TIER_QUANTITY2:TIER_PRICE2,TIER_QUANTITY3:TIER_PRICE3',
  quantity: 'ERROR: quantity has to be a number and cannot be higher than the total quantity',
  bulk: 'ERROR: bulk size has to be a whole number of at least 1',
  priceMax: 'ERROR: item price can not be higher than € 1.000.000',
  bulkMax: `ERROR: bulk size can not be higher than ${BULK_MAX}`,
  notFound: 'Store item not found',
} as const;

/** A tier price has exactly 3 tiers. */
export const TIER_COUNT = 3;
const TIER = /^\s*\d+(\.\d+)?\s*:\s*\d+(\.\d+)?\s*$/;

/** Empty, or exactly 3 comma-separated pairs of number:number. */
export function tierPriceValid(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value.trim() === '') return true;
  const tiers = value.split(',');
  return tiers.length === TIER_COUNT && tiers.every((t) => TIER.test(t));
}

export const StoreItemsQuery = z.object(paging(10));

export const StoreItemRow = z.object({
  id: z.number(),
  item_id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  platform: StorePlatform,
  /** The store's currency: the prices are in it. */
  currency: z.string(),
  mold_name: z.string(),
  colour_name: z.string(),
  condition: z.string(),
  store_quantity: z.number(),
  /** thousandths */
  store_price: z.number(),
  tier_price: z.string().nullable(),
  bulk_size: z.number().nullable(),
  note_public: z.string(),
  note_private: z.string(),
  /** The item's total quantity in the warehouse. */
  quantity: z.number(),
  /** A change (quantity, price, notes) the store has not been sent yet. */
  waiting: z.boolean(),
});
export type StoreItemRow = z.infer<typeof StoreItemRow>;
export const StoreItemList = z.object({ count: z.number(), results: z.array(StoreItemRow) });
export type StoreItemList = z.infer<typeof StoreItemList>;

/** The numbers come as typed: `checkStoreItem` names what is wrong with them, bounds included. */
export const StoreItemUpdate = z.object({
  id: id(),
  item_id: id(),
  store_quantity: typedNumber(),
  /** thousandths, at most PRICE_MAX */
  store_price: typedNumber(),
  tier_price: text(200, { trim: false }).nullish(),
  /** at most BULK_MAX */
  bulk_size: typedNumber(),
  note_public: text(2000, { trim: false }).nullish(),
  note_private: text(2000, { trim: false }).nullish(),
});
export type StoreItemUpdate = z.infer<typeof StoreItemUpdate>;

export interface StoreItemValues {
  store_quantity: number;
  store_price: number;
  tier_price: string | null;
  bulk_size: number | null;
  note_public: string;
  note_private: string;
}

const numberOf = (v: unknown): number =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? NaN : Number(v);

/**
 * The edit-price rules, every failed one at once. `total` is the item's warehouse quantity and
 * `onSale` what the store offers now: the quantity may not go above the total, but an offer
 * already above it (a lot uploaded from a file of stock the warehouse does not keep) may keep its
 * quantity or go down, so its price and notes can still be edited.
 */
export function checkStoreItem(
  input: StoreItemUpdate,
  total: number,
  onSale = 0,
): { ok: true; values: StoreItemValues } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const price = numberOf(input.store_price);
  if (!Number.isFinite(price) || Math.round(price) <= 0) problems.push(StoreItemMessages.price);
  else if (Math.round(price) > PRICE_MAX) problems.push(StoreItemMessages.priceMax);
  if (!tierPriceValid(input.tier_price)) problems.push(StoreItemMessages.tierPrice);
  const qty = numberOf(input.store_quantity);
  if (!Number.isInteger(qty) || qty < 0 || qty > Math.max(total, onSale)) {
    problems.push(StoreItemMessages.quantity);
  }
  const bulkEmpty =
    input.bulk_size === null || input.bulk_size === undefined || input.bulk_size === '';
  const bulk = bulkEmpty ? null : numberOf(input.bulk_size);
  if (bulk !== null && (!Number.isInteger(bulk) || bulk < 1)) problems.push(StoreItemMessages.bulk);
  else if (bulk !== null && bulk > BULK_MAX) problems.push(StoreItemMessages.bulkMax);
  if (problems.length > 0) return { ok: false, problems };
  const tier = (input.tier_price ?? '').replace(/\s/g, '');
  return {
    ok: true,
    values: {
      store_quantity: qty,
      store_price: Math.round(price),
      tier_price: tier === '' ? null : tier,
      bulk_size: bulk,
      note_public: input.note_public ?? '',
      note_private: input.note_private ?? '',
    },
  };
}

// ---- stock errors, settings, log entries (v2) ----

export const StockErrorResource = resource('stock_item_errors', {
  created_at: z.string(),
  description: z.string(),
  is_resolved: z.number(),
});
export type StockErrorResource = z.infer<typeof StockErrorResource>;
export const StockErrorList = listDocumentOf(StockErrorResource);
export const StockErrorDocument = documentOf(StockErrorResource);
export const StockErrorPatch = resourceWrite(
  'stock_item_errors',
  z.object({ is_resolved: z.literal(1) }),
);

export const SettingResource = resource('settings', { key: z.string(), value: z.string() });
export type SettingResource = z.infer<typeof SettingResource>;
export const SettingList = listDocumentOf(SettingResource);
export const SettingDocument = documentOf(SettingResource);
export const SettingPatch = resourceWrite(
  'settings',
  z.object({ value: text(1000, { trim: false }) }),
);

export const LogEntryResource = resource('log_entries', {
  created_at: z.string(),
  level: z.string(),
  message: z.string(),
});
export type LogEntryResource = z.infer<typeof LogEntryResource>;
export const LogEntryList = listDocumentOf(LogEntryResource);
/** The latest log entries, newest first. */
export const LOG_PAGE_SIZE = 100;
export const LogEntryQuery = z.object({
  sort: z.literal('-created_at').optional(),
  'page[size]': int(1, LOG_PAGE_SIZE).default(LOG_PAGE_SIZE),
});

export const IdParams = z.object({ id: id() });
export const BricksyncerMessages = {
  stockErrorNotFound: 'Stock error not found',
  settingNotFound: 'Setting not found',
} as const;
