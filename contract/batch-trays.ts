import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { id, int, INT_MAX, quantity, text, zeroOne } from './fields';

/**
 * The batch trays editor (docs/batch-trays.md): a batch's trays, the write claim on the batch,
 * saving edited trays (pending edits are held by the editor until accepted), the Accepted flag,
 * split, duplicate, delete, update prices and the variants of a mould, colour and condition.
 */

/** Tray statuses (the batch trays editor and the warehouse floor share them). */
export const TRAY_STATUSES = [
  'ready for filling',
  'missing',
  'filled',
  'uploaded',
  'reserve',
] as const;
export type TrayStatus = (typeof TRAY_STATUSES)[number];
export const TRAY_CONDITIONS = ['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const;
export type TrayCondition = (typeof TRAY_CONDITIONS)[number];
export const SET_CONDITIONS = ['SEALED', 'COMPLETE', 'INCOMPLETE'] as const;

export const BatchTraysMessages = {
  claimRefused: 'ERROR: someone else is probably already working on this batch',
  uncommitted: 'cannot accept item with uncommited changes',
  selectVariant: 'Please select a variant',
  splitNameLabel: 'Insert name of the new batch',
  splitNameEmpty: SharedMessages.giveAName,
  splitNameTaken: SharedMessages.nameTakenInProject,
  itemNotInDatabase: SharedMessages.itemNotInDatabase,
  colourNotFound: SharedMessages.colourNotFound,
  conditionNotFound: 'Condtion not found',
  moldNotFound: 'Mould not found',
  noTrays: 'Select one or more trays first',
  trayNotInBatch: 'A tray is not in this batch',
  notManager: 'Only a digibrick manager may accept trays',
  /** An accept named a version of the tray that is no longer its latest (409). */
  acceptStale: (trayNrs: number[]) =>
    trayNrs.length === 1
      ? `Tray ${trayNrs[0]} was changed since you saw it: look at its new values and accept again`
      : `Trays ${trayNrs.join(', ')} were changed since you saw them: look at their new values and accept again`,
} as const;

/** Most trays one call may change (a whole large batch at once). */
export const TRAYS_PER_CALL_MAX = 5_000;
/** Prices in euro, at most this much per piece. */
export const TRAY_PRICE_MAX = 1_000_000;

export const BatchQuery = z.object({ project_id: id(), batch_id: id() });
export type BatchQuery = z.input<typeof BatchQuery>;

/** A tray as the editor shows it, with its mould, colour and variant. Prices are euro. */
export const TrayRow = z.object({
  tray_id: z.number(),
  tray_nr: z.number(),
  item_id: z.number().nullable(),
  readable_id: z.string().nullable(),
  mold_id: z.number().nullable(),
  mold_name: z.string().nullable(),
  mold_image: z.string().nullable(),
  colour_id: z.number().nullable(),
  colour_name: z.string().nullable(),
  colour_hex: z.string().nullable(),
  condition: z.enum(TRAY_CONDITIONS).nullable(),
  quantity: z.number(),
  price: z.number(),
  status: z.enum(TRAY_STATUSES),
  accepted: z.number(),
  comments: z.string(),
  is_public: z.number(),
  completeness: z.enum(SET_CONDITIONS).nullable(),
  item_price: z.number().nullable(),
  total_price: z.number(),
  creator_user_id: z.number().nullable(),
  date_of_creation: z.string(),
  last_edit_user_id: z.number().nullable(),
  date_of_last_edit: z.string().nullable(),
  /** The names of who made the tray and who last edited it (null: no such user). */
  creator_name: z.string().nullable(),
  last_editor_name: z.string().nullable(),
  /** The tray's version: it changes with every write of the tray; an accept names the one it saw. */
  version: z.number(),
});
export type TrayRow = z.infer<typeof TrayRow>;

/**
 * The write claim on a batch's trays is a lease: it lasts this long (5 minutes by default; the
 * server's TRAY_CLAIM_LEASE_SECONDS) unless the editor renews it, which it does while it is open
 * and in use. A lapsed claim holds nobody back: a closed or idle editor never locks a batch.
 */
export const TRAY_CLAIM_LEASE_SECONDS = 300;

/**
 * The claim as the caller sees it: `claimed` only while a lease is live; who holds it (name) and
 * since when (ISO time); when it lapses unless renewed; and the server's lease length.
 */
export const ClaimState = z.object({
  claimed: z.boolean(),
  claimed_by_me: z.boolean(),
  claim_holder: z.string().nullable().optional(),
  claim_since: z.string().nullable().optional(),
  claim_until: z.string().nullable().optional(),
  claim_lease_seconds: z.number().optional(),
});
export type ClaimState = z.infer<typeof ClaimState>;

/** The batch's trays, its heading and the claim as the caller sees it. */
export const TrayList = ClaimState.extend({
  project_name: z.string(),
  batch_name: z.string(),
  results: z.array(TrayRow),
});
export type TrayList = z.infer<typeof TrayList>;

const euro = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
  z.number().min(0).max(TRAY_PRICE_MAX),
);

/** An edited tray as the editor sends it when the edit is accepted. */
export const TrayEdit = z.object({
  tray_id: id(),
  item_id: id().nullable(),
  mold_id: id().nullable(),
  colour_id: id().nullable(),
  condition: z.enum(TRAY_CONDITIONS).nullable(),
  quantity: quantity(),
  price: euro,
  status: z.enum(TRAY_STATUSES),
  comments: text(),
});
export type TrayEdit = z.input<typeof TrayEdit>;
export type TrayEditValues = z.output<typeof TrayEdit>;
/** What an edit writes of a tray (TrayEdit but its id), in the editor's column order. */
export const TRAY_EDIT_FIELDS = [
  'item_id',
  'mold_id',
  'colour_id',
  'condition',
  'quantity',
  'price',
  'status',
  'comments',
] as const satisfies readonly Exclude<keyof TrayEditValues, 'tray_id'>[];
export const TraysSave = z.object({ trays: z.array(TrayEdit).min(1).max(TRAYS_PER_CALL_MAX) });
export type TraysSave = z.input<typeof TraysSave>;

/** A new tray (from the catalog: quantity 1, 'ready for filling', price 0, condition NEW). */
export const TrayAdd = z.object({
  mold_id: id().nullable().default(null),
  colour_id: id().nullable().default(null),
  condition: z.enum(TRAY_CONDITIONS).nullable().default('NEW'),
  quantity: quantity().default(1),
  status: z.enum(TRAY_STATUSES).default('ready for filling'),
  price: euro.default(0),
});
export type TrayAdd = z.input<typeof TrayAdd>;
export type TrayAddValues = z.output<typeof TrayAdd>;

export const ClaimBody = z.object({ claim: z.boolean() });
export const ClaimAnswer = TrayList;

/**
 * Sets or clears Accepted. Each tray names the `version` the caller saw (TrayRow.version); when
 * the tray has been written since, the whole call is refused (409) and nothing changes.
 */
export const AcceptBody = z.object({
  trays: z
    .array(z.object({ tray_id: id(), accepted: zeroOne(), version: int(0, INT_MAX) }))
    .min(1)
    .max(TRAYS_PER_CALL_MAX),
});
export type AcceptBody = z.input<typeof AcceptBody>;

/** The chosen trays of duplicate, delete and update prices. */
export const TrayIdsBody = z.object({ items: z.array(id()).min(1).max(TRAYS_PER_CALL_MAX) });
export type TrayIdsBody = z.input<typeof TrayIdsBody>;
export const SplitBody = TrayIdsBody.extend({ name: text(200), comments: text().default('') });
export type SplitBody = z.input<typeof SplitBody>;
export const SplitAnswer = TrayList.extend({ new_batch_id: z.number() });

/** A variant is named by its mould, colour and condition. */
export const VariantQuery = z.object({
  mold_id: id(),
  colour_id: id(),
  condition: z.enum(TRAY_CONDITIONS),
});
export type VariantQuery = z.input<typeof VariantQuery>;
export const Variant = z.object({
  item_id: z.number(),
  readable_id: z.string().nullable(),
  mold_id: z.number(),
  colour_id: z.number(),
  condition: z.enum(TRAY_CONDITIONS),
  completeness: z.enum(SET_CONDITIONS).nullable(),
  note_private: z.string(),
  note_public: z.string(),
  price: z.number(),
  is_public: z.number(),
});
export type Variant = z.infer<typeof Variant>;
export const VariantList = z.object({ results: z.array(Variant) });
export const VariantCreate = VariantQuery.extend({
  completeness: z.enum(SET_CONDITIONS).nullable().default(null),
  note_private: text().default(''),
  note_public: text().default(''),
  is_public: zeroOne().default(1),
});
export type VariantCreate = z.input<typeof VariantCreate>;

export const MoldQuery = z.object({ mold_id: id() });
export const MoldInfo = z.object({
  mold_id: z.number(),
  name: z.string(),
  url: z.string().nullable(),
});
export type MoldInfo = z.infer<typeof MoldInfo>;
export const ColourList = z.object({
  results: z.array(z.object({ id: z.number(), name: z.string(), hex: z.string() })),
});
export type ColourList = z.infer<typeof ColourList>;

/** The outbox mutation of the editor: accepted edits saved while the network was away. */
export const BatchTraysMutation = { save: 'trays.save.v1' } as const;
/** Claims the batch (refused when someone else holds it), saves the edits, in order. */
export const TraysSaveArgs = BatchQuery.extend(TraysSave.shape);
export type TraysSaveArgs = z.input<typeof TraysSaveArgs>;
