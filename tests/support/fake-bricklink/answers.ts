/**
 * What the fake BrickLink keeps, and how it answers it: in the shapes BrickLink's own answers have
 * (tests/fixtures/marketplaces/bricklink/ holds recorded ones, and a test holds the fake to their
 * keys and value types). The fake keeps plain values; answering adds every field BrickLink sends,
 * prices as 4-decimal strings, and `remarks` and `description` HTML-escaped as BrickLink sends them.
 */

/** A lot as the fake keeps it. Tests read and change these directly. */
export interface FakeLot {
  inventory_id: number;
  item: { no: string; type: string; name?: string };
  color_id: number;
  quantity: number;
  new_or_used: 'N' | 'U';
  completeness?: string;
  unit_price: string;
  description?: string;
  remarks?: string;
  bulk?: number;
  is_retain?: boolean;
  is_stock_room?: boolean;
  stock_room_id?: string;
  my_cost?: string;
  sale_rate?: number;
  tier_quantity1?: number;
  tier_price1?: string;
  tier_quantity2?: number;
  tier_price2?: string;
  tier_quantity3?: number;
  tier_price3?: string;
  date_created?: string;
}

/** An order as a test gives it to the fake. */
export interface FakeOrder {
  order_id: number;
  date_ordered: string;
  buyer_name: string;
  status: string;
  total_count?: number;
  unique_count?: number;
  store_name?: string;
}

/** One line of an order as a test gives it to the fake. */
export interface FakeOrderItem {
  inventory_id: number;
  item: { no: string; type: string; name?: string };
  color_id: number;
  quantity: number;
  new_or_used: 'N' | 'U';
  completeness?: string;
  unit_price: string;
  description?: string;
  remarks?: string;
}

/**
 * Remarks and descriptions as BrickLink sends them: with ' and ) written &#39; and &#41; (as a
 * recorded answer shows), and ( as &#40; to match.
 */
export function escapeHtml(text: string): string {
  return text.replace(/['()]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const COLOURS: Record<number, string> = {
  0: '(Not Applicable)',
  1: 'White',
  3: 'Yellow',
  5: 'Red',
  7: 'Blue',
  11: 'Black',
  85: 'Dark Bluish Gray',
  86: 'Light Bluish Gray',
};
const colourName = (id: number) => COLOURS[id] ?? `Color ${id}`;

const CATEGORIES: Record<string, number> = { PART: 5, SET: 67, MINIFIG: 65 };
const itemAnswer = (item: FakeLot['item']) => ({
  no: item.no,
  name: item.name ?? `${item.type === 'SET' ? 'Set' : 'Part'} ${item.no}`,
  type: item.type,
  category_id: CATEGORIES[item.type] ?? 0,
});

const price = (value: string | number | undefined) => Number(value ?? 0).toFixed(4);

/** A lot as GET /inventories, GET /inventories/{id}, a create of one lot and an update answer it. */
export function lotAnswer(lot: FakeLot) {
  return {
    inventory_id: lot.inventory_id,
    item: itemAnswer(lot.item),
    color_id: lot.color_id,
    color_name: colourName(lot.color_id),
    quantity: lot.quantity,
    new_or_used: lot.new_or_used,
    ...(lot.item.type === 'SET' ? { completeness: lot.completeness ?? 'C' } : {}),
    unit_price: price(lot.unit_price),
    bind_id: 0,
    description: escapeHtml(lot.description ?? ''),
    remarks: escapeHtml(lot.remarks ?? ''),
    bulk: lot.bulk ?? 1,
    is_retain: lot.is_retain ?? false,
    is_stock_room: lot.is_stock_room ?? false,
    ...(lot.is_stock_room ? { stock_room_id: lot.stock_room_id ?? 'A' } : {}),
    date_created: lot.date_created ?? new Date(0).toISOString(),
    my_cost: price(lot.my_cost),
    sale_rate: lot.sale_rate ?? 0,
    tier_quantity1: lot.tier_quantity1 ?? 0,
    tier_price1: price(lot.tier_price1),
    tier_quantity2: lot.tier_quantity2 ?? 0,
    tier_price2: price(lot.tier_price2),
    tier_quantity3: lot.tier_quantity3 ?? 0,
    tier_price3: price(lot.tier_price3),
  };
}

const STORE = { seller_name: 'fake-seller', store_name: 'Fake Store' };
const CURRENCY = 'EUR';

function subtotal(items: FakeOrderItem[][]): string {
  return price(items.flat().reduce((sum, i) => sum + i.quantity * Number(i.unit_price), 0));
}

function costs(items: FakeOrderItem[][]) {
  const sub = subtotal(items);
  return { currency_code: CURRENCY, subtotal: sub, grand_total: sub };
}

const counts = (order: FakeOrder, items: FakeOrderItem[][]) => ({
  total_count: order.total_count ?? items.flat().reduce((n, i) => n + i.quantity, 0),
  unique_count: order.unique_count ?? items.flat().length,
});

/** An order in GET /orders: BrickLink's summary of it. */
export function orderSummary(order: FakeOrder, items: FakeOrderItem[][]) {
  return {
    order_id: order.order_id,
    date_ordered: order.date_ordered,
    date_status_changed: order.date_ordered,
    ...STORE,
    ...(order.store_name ? { store_name: order.store_name } : {}),
    buyer_name: order.buyer_name,
    ...counts(order, items),
    status: order.status,
    payment: {
      method: 'PayPal (Onsite)',
      currency_code: CURRENCY,
      date_paid: order.date_ordered,
      status: 'Completed',
    },
    cost: costs(items),
    disp_cost: costs(items),
  };
}

/** An order as GET /orders/{id} answers it, with what the summary leaves out. */
export function orderDetail(order: FakeOrder, items: FakeOrderItem[][]) {
  const sub = subtotal(items);
  const zero = price(0);
  const moreCosts = {
    etc1: zero,
    etc2: zero,
    insurance: zero,
    shipping: zero,
    credit: zero,
    coupon: zero,
    vat_rate: '0.00',
    vat_amount: zero,
  };
  return {
    order_id: order.order_id,
    date_ordered: order.date_ordered,
    date_status_changed: order.date_ordered,
    ...STORE,
    ...(order.store_name ? { store_name: order.store_name } : {}),
    buyer_name: order.buyer_name,
    buyer_email: `${order.buyer_name.replace(/\W+/g, '.')}@example.net`,
    buyer_order_count: 1,
    require_insurance: false,
    status: order.status,
    is_invoiced: true,
    is_filed: false,
    drive_thru_sent: false,
    salesTax_collected_by_bl: false,
    remarks: '',
    ...counts(order, items),
    total_weight: '0.00',
    payment: {
      method: 'PayPal (Onsite)',
      currency_code: CURRENCY,
      date_paid: order.date_ordered,
      status: 'Completed',
    },
    shipping: {
      method_id: 1,
      method: 'Standard',
      address: {
        name: { full: order.buyer_name },
        full: `${order.buyer_name}\r\nSomewhere 1\r\n1000 AA Town`,
        country_code: 'NL',
      },
    },
    cost: {
      currency_code: CURRENCY,
      subtotal: sub,
      grand_total: sub,
      salesTax_collected_by_BL: zero,
      final_total: sub,
      ...moreCosts,
    },
    disp_cost: { currency_code: CURRENCY, subtotal: sub, grand_total: sub, ...moreCosts },
  };
}

/** One line of GET /orders/{id}/items. */
export function orderItemAnswer(line: FakeOrderItem) {
  return {
    inventory_id: line.inventory_id,
    item: itemAnswer(line.item),
    color_id: line.color_id,
    color_name: colourName(line.color_id),
    quantity: line.quantity,
    new_or_used: line.new_or_used,
    ...(line.item.type === 'SET' ? { completeness: line.completeness ?? 'C' } : {}),
    unit_price: price(line.unit_price),
    description: escapeHtml(line.description ?? ''),
    remarks: escapeHtml(line.remarks ?? ''),
    disp_unit_price: price(line.unit_price),
    disp_unit_price_final: price(line.unit_price),
    unit_price_final: price(line.unit_price),
    order_cost: price(0),
    currency_code: CURRENCY,
    disp_currency_code: CURRENCY,
    weight: '0.00',
  };
}
