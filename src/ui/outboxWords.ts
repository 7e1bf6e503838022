import { BatchTraysMessages, BatchTraysMutation } from '../../contract/batch-trays';
import { ErrorCode } from '../../contract/errors';
import { SharedMessages } from '../../contract/shared-messages';
import { FillingMutation, FillingRejectCode } from '../../contract/mutations/filling';
import { PickingMutation, PickingRejectCode } from '../../contract/mutations/picking';
import { SyncRejectCode, SyncRejectMessages } from '../../contract/sync';
import type { OutboxEntry } from '../offline/db';

/**
 * How the floor is told about a change this device made that the server refused or could not
 * apply: which order (or tray), which item, how many, where, and what to do now. One place for
 * these words, so the refusal notice and the sync problems list say the same thing. Never shows a
 * mutation's internal name.
 */

/** What the device knew about an entry's order, item, tray and location when it was made. */
export interface EntryFacts {
  orderNumber?: string | null;
  /** The item: mould name, colour and condition as the floor reads them on the label. */
  item?: { name: string; colour?: string | null; condition?: string | null } | null;
  imagePath?: string | null;
  locationCode?: string | null;
  tray?: { trayNr: number; batchId: number } | null;
  /** Bricks in a tray fill when the filler did not change the tray's count. */
  trayQuantity?: number | null;
}

/** One line of the put-back list: the pieces a refused pick left in the picker's hands. */
export interface PutBackLine {
  entryId: string;
  item: string;
  quantity: number;
  locationCode: string;
}

export interface EntryWords {
  /** Groups the list: one heading per order or tray. */
  groupKey: string;
  group: string;
  /** What the change was, e.g. "Pick: 13 × Brick 2 x 4 · Red · New from A-01-02". */
  what: string;
  /** Short status, e.g. "Refused" or "Not sent: the server failed on it". */
  status: string;
  /** Why, in the floor's words. */
  reason: string;
  /** What to do now. */
  todo: string;
  putBack: PutBackLine | null;
  /** Retry can succeed (stuck entries; refusals whose cause may go away). */
  canRetry: boolean;
}

/**
 * Stored with a `trays.save.v1` entry (never sent) by the batch trays editor: the batch's name and,
 * per edited tray, its number and the fields changed (the editor's field names).
 */
export interface TraysSaveLocal {
  batch_name: string;
  trays: { tray_nr: number; changed: string[] }[];
}

/** A tray field as the desk reads it, in the editor's column order. */
const TRAY_FIELDS: [string, string][] = [
  ['status', 'status'],
  ['mold_id', 'mould'],
  ['item_id', 'item'],
  ['colour_id', 'colour'],
  ['condition', 'condition'],
  ['quantity', 'quantity'],
  ['price', 'price'],
  ['comments', 'comments'],
];
/** Tray numbers named before "and N more". */
const TRAYS_NAMED = 5;

interface Args {
  batch_id?: number;
  trays?: unknown[];
  order_id?: number | null;
  tray_id?: number | null;
  location_id?: number | null;
  quantity?: number;
}

/** "Brick 2 x 4 · Red · New": name, colour and condition of an item. */
export function itemLabel(item: EntryFacts['item']): string {
  if (!item) return 'an item';
  return [item.name, item.colour, item.condition].filter(Boolean).join(' · ');
}

export function orderLabel(facts: EntryFacts, args: Args): string {
  if (facts.orderNumber) return `Order ${facts.orderNumber}`;
  return args.order_id ? `Order #${args.order_id}` : 'An order';
}

export function trayLabel(facts: EntryFacts, args: Args): string {
  if (facts.tray) return `Tray ${facts.tray.trayNr} of batch ${facts.tray.batchId}`;
  return args.tray_id ? `Tray #${args.tray_id}` : 'A tray';
}

const at = (facts: EntryFacts) => facts.locationCode ?? 'its location';

const traysLocal = (entry: OutboxEntry) => entry.local as TraysSaveLocal | undefined;

export function batchLabel(entry: OutboxEntry): string {
  const name = traysLocal(entry)?.batch_name;
  if (name) return `Batch ${name}`;
  const id = (entry.args as Args | null)?.batch_id;
  return id ? `Batch #${id}` : 'A batch';
}

/** "Edits of trays 1, 2 and 5: quantity, comments" — which trays and what was changed. */
function traysSaveWhat(entry: OutboxEntry): string {
  const local = traysLocal(entry);
  if (!local?.trays.length) {
    const n = (entry.args as Args | null)?.trays?.length ?? 0;
    return n === 1 ? 'Edit of 1 tray' : `Edits of ${n} trays`;
  }
  const nrs = local.trays.map((t) => t.tray_nr).sort((a, b) => a - b);
  const named = nrs.slice(0, TRAYS_NAMED).map(String);
  const more = nrs.length - named.length;
  const list =
    more > 0
      ? `${named.join(', ')} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`
        : named[0];
  const changed = new Set(local.trays.flatMap((t) => t.changed));
  const fields = TRAY_FIELDS.filter(([f]) => changed.has(f)).map(([, word]) => word);
  const head = nrs.length === 1 ? `Edit of tray ${list}` : `Edits of trays ${list}`;
  return fields.length ? `${head}: ${fields.join(', ')}` : head;
}

/** Someone else held the batch: the edits may pass once they have finished with it. */
const claimRefused = (entry: OutboxEntry) =>
  entry.name === BatchTraysMutation.save &&
  (entry.code === ErrorCode.conflict || entry.message === BatchTraysMessages.claimRefused);

/** Refusals whose cause may go away, so sending the change again may be applied. */
const MAY_PASS: ReadonlySet<string> = new Set([
  PickingRejectCode.orderTaken, // the other picker may pause the order
  PickingRejectCode.stockInsufficient, // the stock may be corrected or refilled
  PickingRejectCode.notAtLocation,
  FillingRejectCode.batchNotReady,
]);

/** Defaults when the server sent no message. */
const REASONS: Record<string, string> = {
  [PickingRejectCode.orderTaken]: 'Someone else is picking this order.',
  [PickingRejectCode.orderPicked]: 'This order has already been picked.',
  [PickingRejectCode.stockInsufficient]: 'The location holds fewer than that.',
  [PickingRejectCode.overPick]: 'Less than that was still to pick.',
  [PickingRejectCode.notAtLocation]: SharedMessages.notAtLocation,
  [FillingRejectCode.trayAlreadyFilled]: 'This tray was filled before.',
};

/**
 * Refusals whose message is for the server's people, not the floor: it names the change or its
 * fields ("Invalid pick.confirm.v1: quantity: …") or is missing (an HTTP status alone).
 */
const IN_FLOOR_WORDS: Record<string, string> = {
  [SyncRejectCode.unknownMutation]: SyncRejectMessages.unknownMutation,
  [SyncRejectCode.invalidArgs]: SyncRejectMessages.invalidArgs,
  [ErrorCode.validation]: SyncRejectMessages.invalidArgs,
  [ErrorCode.tooLarge]: 'This change is too large for the server to take.',
};
const REFUSED = 'The server refused this change.';
/** The code the device gives a refusal the server sent without one: `http_` and the status. */
const BARE_STATUS = /^http_\d+$/;

/**
 * Why the server refused: its own message, except where that message would send the floor the
 * wrong way ("claim it again" for an order someone else holds or has picked) or is not in the
 * floor's words (a change's name, a field path, an HTTP status).
 */
function reasonOf(entry: OutboxEntry): string {
  const code = entry.code ?? '';
  if (code === PickingRejectCode.orderNotClaimed) {
    return 'Another picker holds this order now, or it was paused or picked without you.';
  }
  if (IN_FLOOR_WORDS[code]) return IN_FLOOR_WORDS[code];
  if (BARE_STATUS.test(code)) return REFUSED;
  return entry.message || REASONS[code] || REFUSED;
}

function whatOf(entry: OutboxEntry, facts: EntryFacts): string {
  const args = (entry.args ?? {}) as Args;
  const item = itemLabel(facts.item);
  switch (entry.name) {
    case PickingMutation.claim:
      return `Taking ${orderLabel(facts, args)} to pick`;
    case PickingMutation.pause:
      return `Pausing ${orderLabel(facts, args)}`;
    case PickingMutation.finish:
      return `Finishing ${orderLabel(facts, args)}`;
    case PickingMutation.pick:
      return `Pick: ${args.quantity ?? '?'} × ${item} from ${at(facts)}`;
    case PickingMutation.issue:
      return facts.item ? `Issue report about ${item}` : 'Issue report';
    case FillingMutation.fill: {
      const quantity = args.quantity ?? facts.trayQuantity;
      const what = quantity === undefined || quantity === null ? item : `${quantity} × ${item}`;
      return `Fill: ${what} into ${at(facts)}`;
    }
    case BatchTraysMutation.save:
      return traysSaveWhat(entry);
    default:
      return 'A change made on this device';
  }
}

function todoOf(entry: OutboxEntry, facts: EntryFacts, canRetry: boolean): string {
  if (entry.state === 'stuck') {
    return 'Retry sends it again; Dismiss drops it and undoes it on this device.';
  }
  const args = (entry.args ?? {}) as Args;
  switch (entry.name) {
    case PickingMutation.pick:
      return `Put ${args.quantity ?? 'the pieces'} × ${itemLabel(facts.item)} back at ${at(facts)} and tick it off.${
        canRetry ? ' Or, once the stock there is corrected, Retry.' : ''
      }`;
    case PickingMutation.claim:
      return entry.code === PickingRejectCode.orderTaken
        ? 'Pick another order. Retry when the other picker has paused this one.'
        : 'Nothing to do for this order: Dismiss this message.';
    case PickingMutation.pause:
    case PickingMutation.finish:
      return 'Nothing to do: the order is in other hands. Dismiss this message.';
    case FillingMutation.fill:
      return canRetry
        ? 'Retry when the batch is ready for filling.'
        : `Check the tray and ${at(facts)}; if the bricks are on the shelf, report an issue to the warehouse manager.`;
    case PickingMutation.issue:
      return 'Report it again in other words, or tell the manager.';
    case BatchTraysMutation.save:
      return canRetry
        ? 'Retry when whoever is editing this batch has finished with it, or Dismiss to drop these edits.'
        : 'Nothing was saved: open the batch in the editor and make these edits again, then Dismiss this message.';
    default:
      return canRetry ? 'Retry when the cause is gone, or Dismiss.' : 'Dismiss this message.';
  }
}

/** The heading an entry is listed under: its batch, tray or order. */
function groupOf(entry: OutboxEntry, facts: EntryFacts, args: Args) {
  if (entry.name === BatchTraysMutation.save) {
    return { groupKey: `batch:${args.batch_id ?? '?'}`, group: batchLabel(entry) };
  }
  const byTray = entry.name === FillingMutation.fill || (!args.order_id && !!args.tray_id);
  if (byTray) return { groupKey: `tray:${args.tray_id ?? '?'}`, group: trayLabel(facts, args) };
  if (args.order_id) return { groupKey: `order:${args.order_id}`, group: orderLabel(facts, args) };
  return { groupKey: 'other', group: 'Other changes' };
}

export function describeEntry(entry: OutboxEntry, facts: EntryFacts = {}): EntryWords {
  const args = (entry.args ?? {}) as Args;
  const stuck = entry.state === 'stuck';
  const canRetry =
    stuck ||
    (entry.state === 'rejected' && (MAY_PASS.has(entry.code ?? '') || claimRefused(entry)));
  const { groupKey, group } = groupOf(entry, facts, args);
  const refusedPick = entry.state === 'rejected' && entry.name === PickingMutation.pick;
  return {
    groupKey,
    group,
    what: whatOf(entry, facts),
    status: stuck ? 'Not sent: the server failed on it' : 'Refused',
    // A stuck entry's message is the device's note of the failure ("HTTP 500"), not for the floor.
    reason: stuck ? 'The server could not apply this change.' : reasonOf(entry),
    todo: todoOf(entry, facts, canRetry),
    putBack: refusedPick
      ? {
          entryId: entry.id,
          item: itemLabel(facts.item),
          quantity: args.quantity ?? 0,
          locationCode: at(facts),
        }
      : null,
    canRetry,
  };
}

/** The entries grouped by order or tray, in the order they were made. */
export function groupEntries<T extends { words: EntryWords }>(
  rows: readonly T[],
): { key: string; group: string; rows: T[] }[] {
  const groups = new Map<string, { key: string; group: string; rows: T[] }>();
  for (const row of rows) {
    const { groupKey, group } = row.words;
    const found = groups.get(groupKey) ?? { key: groupKey, group, rows: [] };
    found.rows.push(row);
    groups.set(groupKey, found);
  }
  return [...groups.values()];
}
