import type { BlGuideType, BlItemType } from '../../../server/marketplaces/bricklink/types';
import { ITEM_TYPES } from './inventory';
import { Refusal } from './refusal';

/** One sale or lot of a fake guide: pieces and price per piece (a decimal, in any currency). */
export interface FakeGuideEntry {
  quantity: number;
  unit_price: number;
}

export interface PriceGuideRequest {
  type: string;
  no: string;
  color_id: number;
  guide_type: BlGuideType;
  new_or_used: 'N' | 'U';
  currency_code: string;
}

const price = (n: number) => n.toFixed(4);

/** One lot for sale (stock guide) as BrickLink details it, "qunatity" (sic) included. */
interface StockDetail {
  quantity: number;
  qunatity: number;
  unit_price: string;
  shipping_available: boolean;
}

/** One sale (sold guide) as BrickLink details it. */
interface SoldDetail {
  quantity: number;
  unit_price: string;
  seller_country_code: string;
  buyer_country_code: string;
  date_ordered: string;
}

/**
 * The fake BrickLink's catalog price guides (`GET /items/{type}/{no}/price`): items it knows, and
 * per colour, condition and guide the sales or lots a test gave. A known item without entries
 * answers zeros and an empty list, as BrickLink does for an item nobody sold; an unknown one
 * RESOURCE_NOT_FOUND. The guide is answered in the currency asked (the fake converts nothing).
 */
export class FakePriceGuides {
  private readonly items = new Set<string>();
  private readonly entries = new Map<string, FakeGuideEntry[]>();
  /** Every price guide request answered or refused after its signature, in order. */
  readonly requests: PriceGuideRequest[] = [];

  addItem(type: BlItemType, no: string): void {
    this.items.add(`${type}|${no}`);
  }

  set(
    item: { type: BlItemType; no: string; colorId: number; newOrUsed: 'N' | 'U' },
    guide: BlGuideType,
    entries: FakeGuideEntry[],
  ): void {
    this.addItem(item.type, item.no);
    this.entries.set(this.key(item.type, item.no, item.colorId, item.newOrUsed, guide), entries);
  }

  private key(type: string, no: string, colour: number, cond: string, guide: string) {
    return `${type}|${no}|${colour}|${cond}|${guide}`;
  }

  /** The answer to a price guide request, or a Refusal as BrickLink words it. */
  answer(rawType: string, rawNo: string, query: URLSearchParams) {
    const bad = (field: string) =>
      new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', `${field} is missing or invalid`);
    const type = rawType.toUpperCase();
    const no = decodeURIComponent(rawNo);
    const colour = query.get('color_id') ?? '0';
    const guideType = (query.get('guide_type') ?? 'stock').toLowerCase();
    const newOrUsed = (query.get('new_or_used') ?? 'N').toUpperCase();
    const currency = (query.get('currency_code') ?? 'USD').toUpperCase();
    if (!/^\d{1,9}$/.test(colour)) throw bad('color_id');
    if (guideType !== 'sold' && guideType !== 'stock') throw bad('guide_type');
    if (newOrUsed !== 'N' && newOrUsed !== 'U') throw bad('new_or_used');
    if (!/^[A-Z]{3}$/.test(currency)) throw bad('currency_code');
    this.requests.push({
      type,
      no,
      color_id: Number(colour),
      guide_type: guideType,
      new_or_used: newOrUsed,
      currency_code: currency,
    });
    if (!ITEM_TYPES.has(type))
      throw new Refusal(400, 'INVALID_URI', `Unknown item type ${rawType}`);
    if (!this.items.has(`${type}|${no}`)) {
      throw new Refusal(404, 'RESOURCE_NOT_FOUND', `Item ${type} ${no} does not exist`);
    }
    const entries =
      this.entries.get(this.key(type, no, Number(colour), newOrUsed, guideType)) ?? [];
    const units = entries.map((e) => e.unit_price);
    const pieces = entries.reduce((n, e) => n + e.quantity, 0);
    const avg = units.length ? units.reduce((a, b) => a + b, 0) / units.length : 0;
    const qtyAvg = pieces ? entries.reduce((n, e) => n + e.quantity * e.unit_price, 0) / pieces : 0;
    const detail: (StockDetail | SoldDetail)[] = entries.map((e, i) =>
      guideType === 'stock'
        ? {
            quantity: e.quantity,
            qunatity: e.quantity,
            unit_price: price(e.unit_price),
            shipping_available: true,
          }
        : {
            quantity: e.quantity,
            unit_price: price(e.unit_price),
            seller_country_code: 'NL',
            buyer_country_code: 'DE',
            date_ordered: new Date(Date.now() - (i + 1) * 86_400_000).toISOString(),
          },
    );
    return {
      item: { no, type },
      new_or_used: newOrUsed,
      currency_code: currency,
      min_price: price(units.length ? Math.min(...units) : 0),
      max_price: price(units.length ? Math.max(...units) : 0),
      avg_price: price(avg),
      qty_avg_price: price(qtyAvg),
      unit_quantity: entries.length,
      total_quantity: pieces,
      price_detail: detail,
    };
  }
}
