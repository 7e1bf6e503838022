import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import {
  id,
  int,
  isFlagOn,
  paging,
  quantity,
  queryFlag,
  queryFlags,
  SortFlagMessages,
  STOCK_MAX,
  text,
  zeroOne,
} from './fields';
import { OnDevicePicks } from './on-device';
import { countedList, ItemLook, LocationRef, PathStep } from './shapes';

export { isFlagOn };

/**
 * Orders and picking (docs/picking.md). Field names follow the original contract (snake_case).
 * Texts the user sees are kept as the original product showed them.
 */

export const OrderMessages = {
  updated: 'The order has been updated.',
  claimed: 'You have claimed the order',
  paused: 'The order has been paused.',
  notPickableUnlessUnassigned:
    'Cannot make order not ready for picking, as the order status is not unassigned.',
  stockInsufficient: 'You cannot pick more than the current stock',
  pickerAddsNoStock: 'A picker cannot add stock here; stock is added by filling a tray.',
  pickLowered: 'A picker cannot lower what was picked; ask the order manager to correct it.',
  stockTooLarge: 'This would make the stock at the location larger than can be stored.',
  wrongLocation: 'This is not the right location.',
  skipped: 'You did not pick what was ordered, so this item will be skipped',
  orderTaken: 'Someone else is already picking this order.',
  orderNotClaimed: 'You are not picking this order (anymore). Claim it again with Pick.',
  orderNotFound: 'Order not found',
  orderPicked: 'This order has already been picked.',
  orderNotPickable: 'This order is not ready for picking.',
  itemNotInOrder: 'This item is not part of the order.',
  itemNotAtLocation: SharedMessages.notAtLocation,
  locationNotFound: SharedMessages.locationNotFound,
  itemNotFound: SharedMessages.itemNotInDatabase,
  trayNotFound: SharedMessages.trayNotFound,
  exactlyOne: 'Send exactly one of picker_issue, has_problem, picking_status_id, pickable.',
  oneSortFlag: SortFlagMessages.oneSortFlag,
  issueTypeRequired: 'Please select the type of your issue',
} as const;

/** More than is still to pick (ordered minus picked) was confirmed. */
export function overPickMessage(left: number): string {
  return `You cannot pick more than is still to pick for this item (${left} left).`;
}

/** Issue recipients and the thank-you text shown after a report (docs/reports.md). */
export const IssueManager = { warehouse: 1, order: 2, both: 3 } as const;
export const ISSUE_THANKS: Record<1 | 2 | 3, string> = {
  1: 'Thank you, the Warehouse Manager has been notified!',
  2: 'Thank you, the Order Manager has been notified!',
  3: 'Thank you, the Warehouse Manager and Order manager have been notified!',
};

/** picking_statuses (GET /order/picking_status). */
export const PickingStatus = { BEING_PICKED: 1, UNASSIGNED: 2, PAUSED: 3, PICKED: 4 } as const;
export type PickingStatusName = keyof typeof PickingStatus;

/** The five sort flags of the order list; the first is the default. */
export const ORDER_SORT_FLAGS = [
  'order_by_age',
  'order_by_item_count',
  'order_by_ordered_total',
  'order_by_picked_total',
  'order_by_picking_progress',
] as const;
export type OrderSortFlag = (typeof ORDER_SORT_FLAGS)[number];
export const ORDERS_PER_PAGE = 10;

/** Separator of the names in a location breadcrumb (`location_name`). */
export const BREADCRUMB_SEPARATOR = ' > ';

const Id = id();
const QueryFlag = queryFlag();

/**
 * GET /v1/order: with order_id the one order; otherwise a page of orders. Sort by at most one flag
 * (order_by_age = oldest first; the others largest first). filter_problems keeps orders with an
 * unsolved issue; to_pick keeps orders a picker can pick now (the Picker Orders list).
 */
export const OrderQuery = z.object({
  order_id: Id.optional(),
  ...paging(ORDERS_PER_PAGE),
  ...queryFlags(ORDER_SORT_FLAGS),
  filter_problems: QueryFlag,
  to_pick: QueryFlag,
});
export type OrderQuery = z.input<typeof OrderQuery>;

export const Order = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  store_platform: z.string(),
  buyer_name: z.string().nullable(),
  /** ISO-8601; the PWA shows the age in days, hours and minutes. */
  created_at: z.string(),
  status_id: z.number().int(),
  status_name: z.string(),
  picking_status_id: z.number().int(),
  picking_status_name: z.string(),
  /** Lots: the number of order items. */
  item_count: z.number().int(),
  /** Items: the sum of quantity_ordered. */
  ordered_total: z.number().int(),
  picked_total: z.number().int(),
  /** 1: an unsolved issue; 0: solved or none. */
  has_problem: z.number().int(),
  picker_issue: z.string().nullable(),
  /** 1: ready for picking. */
  pickable: z.number().int(),
  /** The caller may press Pick: pickable, not picked, and not being picked by someone else. */
  allowed_to_pick: z.boolean(),
  claimed_by_user_id: z.number().int().nullable(),
  claimed_by_name: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const OrderListResponse = countedList(Order).extend({
  /**
   * For an order manager: the picks devices last told as not yet sent, for the orders in
   * `results` (what GET /v1/order/on_device answers for them), so the list is one request.
   */
  on_device: z.array(OnDevicePicks).optional(),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

export const OrderIdQuery = z.object({ order_id: Id });
export type OrderIdQuery = z.input<typeof OrderIdQuery>;

/** PUT /v1/order?order_id with exactly one field. */
export const OrderUpdateRequest = z
  .object({
    picker_issue: text(2000, { trim: false }).nullable().optional(),
    has_problem: zeroOne().optional(),
    picking_status_id: int(1, 4).optional(),
    pickable: zeroOne().optional(),
  })
  .refine((b) => Object.values(b).filter((v) => v !== undefined).length === 1, {
    message: OrderMessages.exactlyOne,
  });
export type OrderUpdateRequest = z.input<typeof OrderUpdateRequest>;

export const OrderUpdateResponse = z.object({ message: z.string(), order: Order });
export type OrderUpdateResponse = z.infer<typeof OrderUpdateResponse>;

/**
 * PUT /v1/order/user?order_id: BEING_PICKED (or 1, or 2 as the original client sent) claims the
 * order for the caller; PAUSED (or 3) pauses it. Of several concurrent claims exactly one wins;
 * the others get 409 with OrderMessages.orderTaken.
 */
export const OrderUserRequest = z.object({
  picking_status_id: z.union([z.enum(['BEING_PICKED', 'PAUSED']), int(1, 3)]),
});
export type OrderUserRequest = z.input<typeof OrderUserRequest>;

export const ItemLocation = z.object({
  ...LocationRef,
  /** Stock of the item there. */
  quantity: z.number().int(),
});
export type ItemLocation = z.infer<typeof ItemLocation>;

export const OrderItem = z.object({
  order_item_id: z.number().int(),
  order_id: z.number().int(),
  ...ItemLook,
  condition: z.string(),
  /** The condition's label (New, Like new, …). */
  condition_name: z.string(),
  quantity_ordered: z.number().int(),
  quantity_picked: z.number().int(),
  private_note: z.string(),
  public_note: z.string(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** GET /v1/order/item?order_id: every item with the locations holding it (route order). */
export const OrderItemWithLocations = OrderItem.extend({ locations: z.array(ItemLocation) });
export type OrderItemWithLocations = z.infer<typeof OrderItemWithLocations>;
export const OrderItemsResponse = countedList(OrderItemWithLocations);
export type OrderItemsResponse = z.infer<typeof OrderItemsResponse>;

export const PickingStatusesResponse = z.array(
  z.object({ picking_status_id: z.number().int(), picking_status_name: z.string() }),
);
export const OrderStatusesResponse = z.array(
  z.object({ status_id: z.number().int(), status_name: z.string() }),
);

/** GET /v1/order/next?order_id&location_id&skipped (skipped: comma-separated item ids). */
export const NextQuery = z.object({
  order_id: Id,
  location_id: Id.optional(),
  skipped: z
    .string()
    .max(20_000)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, 'skipped must be comma-separated item ids')
    .optional(),
});
export type NextQuery = z.input<typeof NextQuery>;

export const NextItem = OrderItem.extend({
  /** Stock of the item at this location. */
  stock: z.number().int(),
  /** Ordered minus picked. */
  to_pick: z.number().int(),
});
export type NextItem = z.infer<typeof NextItem>;

/** 200: the next location along the route and what to pick there. 210 (no body): done. */
export const NextResponse = z.object({
  ...LocationRef,
  order: z.array(NextItem),
});
export type NextResponse = z.infer<typeof NextResponse>;
export const NEXT_DONE_STATUS = 210;

export const LocationQuery = z.object({ location_id: Id });
export const LocationCrumbResponse = z.object({
  ...LocationRef,
  breadcrumb: z.array(PathStep),
});
export type LocationCrumbResponse = z.infer<typeof LocationCrumbResponse>;

export const LocationContentRow = z.object({
  ...ItemLook,
  condition: z.string(),
  quantity: z.number().int(),
});
export const LocationContentResponse = z.object({
  location_id: z.number().int(),
  ...countedList(LocationContentRow).shape,
});
export type LocationContentResponse = z.infer<typeof LocationContentResponse>;

/** POST /v1/location_content?location_id&item_id {change}: negative for a pick. */
export const StockChangeQuery = z.object({ location_id: Id, item_id: Id });
export const StockChangeRequest = z.object({
  change: int(-STOCK_MAX, STOCK_MAX),
});
export const StockChangeResponse = z.object({
  location_id: z.number().int(),
  item_id: z.number().int(),
  quantity: z.number().int(),
});

/** PUT /v1/order/item?item_id&order_id {quantity_picked} (item_id is the item variant). */
export const OrderItemQuery = z.object({ item_id: Id, order_id: Id });
export const SetPickedRequest = z.object({
  quantity_picked: quantity(),
});
export const SetPickedResponse = z.object({
  message: z.string(),
  order_item_id: z.number().int(),
  quantity_picked: z.number().int(),
});

/** POST /v1/issue: the client puts the issue type into the note. */
export const IssueRequest = z.object({
  location_id: Id.nullable().optional(),
  item_id: Id.nullable().optional(),
  order_id: Id.nullable().optional(),
  tray_id: Id.nullable().optional(),
  note: text(4000).default(''),
  manager_id: int(1, 3),
});
export type IssueRequest = z.input<typeof IssueRequest>;
export const IssueResponse = z.object({ message: z.string(), issue_id: z.number().int() });
