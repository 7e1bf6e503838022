import { z } from 'zod';
import { argId, STOCK_MAX, text } from '../fields';

/**
 * Outbox mutations of the picker (docs/offline.md, docs/picking.md). Each is one atomic business
 * action; the server answers `applied` or `rejected {code, message}` with the codes below and
 * OrderMessages texts.
 */
export const PickingMutation = {
  claim: 'order.claim.v1',
  pick: 'pick.confirm.v1',
  pause: 'order.pause.v1',
  finish: 'order.finish.v1',
  issue: 'issue.report.v1',
} as const;

export const PickingRejectCode = {
  /** Someone else is picking the order. */
  orderTaken: 'order_taken',
  /** The caller does not hold the order (claim it first, or someone took it over). */
  orderNotClaimed: 'order_not_claimed',
  orderNotFound: 'order_not_found',
  orderPicked: 'order_picked',
  orderNotPickable: 'order_not_pickable',
  itemNotInOrder: 'item_not_in_order',
  /** The item has no stock row at the location. */
  notAtLocation: 'not_at_location',
  /** Stock at the location would go negative. */
  stockInsufficient: 'stock_insufficient',
  /** More than ordered minus picked. */
  overPick: 'over_pick',
  locationNotFound: 'location_not_found',
  itemNotFound: 'item_not_found',
  trayNotFound: 'tray_not_found',
} as const;
export type PickingRejectCode = (typeof PickingRejectCode)[keyof typeof PickingRejectCode];

const Id = argId();

export const OrderClaimArgs = z.object({ order_id: Id });
export type OrderClaimArgs = z.infer<typeof OrderClaimArgs>;

export const OrderPauseArgs = z.object({ order_id: Id });
export type OrderPauseArgs = z.infer<typeof OrderPauseArgs>;

/** Sets picking status 4 when picked equals ordered in total, else 3. */
export const OrderFinishArgs = z.object({ order_id: Id });
export type OrderFinishArgs = z.infer<typeof OrderFinishArgs>;

/** Takes `quantity` from the stock at the location and adds it to the item's quantity_picked. */
export const PickConfirmArgs = z.object({
  order_id: Id,
  /** order_items.id (the pulled order item's `id`). */
  order_item_id: Id,
  location_id: Id,
  quantity: z.number().int().min(1).max(STOCK_MAX),
});
export type PickConfirmArgs = z.infer<typeof PickConfirmArgs>;

export const IssueReportArgs = z.object({
  location_id: Id.nullable().optional(),
  item_id: Id.nullable().optional(),
  order_id: Id.nullable().optional(),
  /** Set by the filler: the tray being filled when the problem was seen. */
  tray_id: Id.nullable().optional(),
  note: text(4000, { trim: false }),
  manager_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type IssueReportArgs = z.infer<typeof IssueReportArgs>;
