import type { Kysely } from 'kysely';
import {
  PriceGuideMessages as M,
  type Guide,
  type GuideType,
  type LotGuide,
} from '../../../contract/price-guide';
import { INT_MAX } from '../../../contract/fields';
import { nowIso } from '../../db/dialect';
import type { Database, PriceGuidesTable } from '../../db/schema';
import { ORDER_INTAKE_RESERVE } from '../../jobs/upload/bricklink';
import { BL_TYPES } from '../../jobs/upload/lots';
import { MarketplaceError, type BrickLinkClient } from '../../marketplaces';
import { keyText, noGuide, type GuideKey } from './lots';

/** A guide read is used for a day; after that the next look reads it again. */
export const GUIDE_KEPT_MS = 86_400_000;
/** Guides read at once from BrickLink. */
const IN_FLIGHT = 4;

type Row = PriceGuidesTable;

/** BrickLink refused the store's credentials: the whole request stops with this. */
export class CredentialsRefused extends Error {}

const thousandths = (text: string | number | undefined) => {
  const n = Math.round(Number(text ?? 0) * 1000);
  return Number.isFinite(n) ? Math.min(INT_MAX, Math.max(0, n)) : 0;
};

const guideOf = (row: Row): Guide => ({
  min_price: Number(row.min_price),
  avg_price: Number(row.avg_price),
  max_price: Number(row.max_price),
  qty_avg_price: Number(row.qty_avg_price),
  unit_quantity: Number(row.unit_quantity),
  total_quantity: Number(row.total_quantity),
  currency_code: row.currency_code,
  fetched_at: row.fetched_at,
});

const rowKey = (k: GuideKey, g: GuideType) => `${keyText(k)}|${g}`;

/** The guides kept in `currency` and read less than a day ago, by key and guide type. */
async function keptGuides(
  db: Kysely<Database>,
  keys: GuideKey[],
  currency: string,
): Promise<Map<string, Row>> {
  const found = new Map<string, Row>();
  if (keys.length === 0) return found;
  const since = new Date(Date.now() - GUIDE_KEPT_MS).toISOString();
  const rows = await db
    .selectFrom('price_guides')
    .selectAll()
    .where('fetched_at', '>', since)
    .where('currency_code', '=', currency)
    .where('bl_item_no', 'in', [...new Set(keys.map((k) => k.no))])
    .execute();
  const wanted = new Set(keys.map(keyText));
  for (const r of rows) {
    const k: GuideKey = {
      typeLetter: r.item_type,
      no: r.bl_item_no,
      colourId: Number(r.bl_colour_id),
      condition: r.condition,
    };
    if (wanted.has(keyText(k))) found.set(rowKey(k, r.guide_type), r);
  }
  return found;
}

async function keep(db: Kysely<Database>, row: Row): Promise<void> {
  const {
    item_type: _type,
    bl_item_no: _no,
    bl_colour_id: _colour,
    condition: _condition,
    guide_type: _guide,
    currency_code: _currency,
    ...rest
  } = row;
  await db
    .insertInto('price_guides')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns([
          'item_type',
          'bl_item_no',
          'bl_colour_id',
          'condition',
          'guide_type',
          'currency_code',
        ])
        .doUpdateSet(rest),
    )
    .execute();
}

/**
 * Reads one key's guides in `currency` from BrickLink, the sold guide first (an item BrickLink
 * does not know is then not asked twice), and keeps them. Before each call the store's day must have more than the
 * calls kept for order intake left. Answers the key's rows, or the reason there are none.
 */
async function readKey(
  db: Kysely<Database>,
  client: BrickLinkClient,
  key: GuideKey,
  types: GuideType[],
  currency: string,
): Promise<{ rows: Row[]; error: string | null }> {
  const rows: Row[] = [];
  for (const guideType of types) {
    if (client.budget.remaining <= ORDER_INTAKE_RESERVE) {
      return { rows, error: M.budget(ORDER_INTAKE_RESERVE) };
    }
    const base = {
      item_type: key.typeLetter,
      bl_item_no: key.no,
      bl_colour_id: key.colourId,
      condition: key.condition,
      guide_type: guideType,
      currency_code: currency,
      fetched_at: nowIso(),
    };
    try {
      const g = await client.priceGuide(BL_TYPES[key.typeLetter], key.no, {
        colorId: key.colourId,
        guideType,
        newOrUsed: key.condition,
        currencyCode: currency,
      });
      const row: Row = {
        ...base,
        found: 1,
        min_price: thousandths(g.min_price),
        avg_price: thousandths(g.avg_price),
        max_price: thousandths(g.max_price),
        qty_avg_price: thousandths(g.qty_avg_price),
        unit_quantity: Math.min(INT_MAX, Math.max(0, Math.trunc(Number(g.unit_quantity) || 0))),
        total_quantity: Math.min(INT_MAX, Math.max(0, Math.trunc(Number(g.total_quantity) || 0))),
      };
      await keep(db, row);
      rows.push(row);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.code === 'RESOURCE_NOT_FOUND' || error.status === 404) {
        const row: Row = {
          ...base,
          found: 0,
          min_price: 0,
          avg_price: 0,
          max_price: 0,
          qty_avg_price: 0,
          unit_quantity: 0,
          total_quantity: 0,
        };
        await keep(db, row);
        return { rows: [...rows, row], error: null };
      }
      if (error.code === 'BAD_OAUTH_REQUEST' || error.status === 401 || error.status === 403) {
        throw new CredentialsRefused(error.message);
      }
      if (error.code === 'BUDGET_EXHAUSTED') return { rows, error: M.budget(ORDER_INTAKE_RESERVE) };
      return { rows, error: M.unreachable(error.message) };
    }
  }
  return { rows, error: null };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The sold and stock guides of each key in `currency`: those read less than a day ago from the
 * database at no call, the others from BrickLink with `client` (kept for the next day). One
 * answer per key.
 */
export async function guidesFor(
  db: Kysely<Database>,
  client: () => Promise<BrickLinkClient>,
  keys: GuideKey[],
  currency: string,
): Promise<Map<string, LotGuide>> {
  const unique = [...new Map(keys.map((k) => [keyText(k), k])).values()];
  const kept = await keptGuides(db, unique, currency);
  const errors = new Map<string, string>();
  const missing = unique.filter(
    (k) => !kept.has(rowKey(k, 'sold')) || !kept.has(rowKey(k, 'stock')),
  );
  if (missing.length > 0) {
    const bricklink = await client();
    await eachLimited(missing, IN_FLIGHT, async (k) => {
      const soldRow = kept.get(rowKey(k, 'sold'));
      if (soldRow && !soldRow.found) return;
      const types: GuideType[] = soldRow ? ['stock'] : ['sold', 'stock'];
      const read = await readKey(db, bricklink, k, types, currency);
      for (const r of read.rows) kept.set(rowKey(k, r.guide_type), r);
      if (read.error) errors.set(keyText(k), read.error);
    });
  }
  const answers = new Map<string, LotGuide>();
  for (const k of unique) {
    const sold = kept.get(rowKey(k, 'sold'));
    const stock = kept.get(rowKey(k, 'stock'));
    if ((sold && !sold.found) || (stock && !stock.found)) {
      const type = BL_TYPES[k.typeLetter].toLowerCase().replace('_', ' ');
      answers.set(keyText(k), noGuide(k, M.notOnBrickLink(type, k.no)));
      continue;
    }
    answers.set(keyText(k), {
      ...noGuide(k, errors.get(keyText(k)) ?? ''),
      sold: sold ? guideOf(sold) : null,
      stock: stock ? guideOf(stock) : null,
      error: errors.get(keyText(k)) ?? null,
    });
  }
  return answers;
}
