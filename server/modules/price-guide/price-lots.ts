import { sql, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { priceFromAverage, type GuideType } from '../../../contract/price-guide';
import {
  GUIDE_USABLE_DAYS,
  PLAN_SAMPLE,
  SET_TO_AVERAGE_CHUNK,
  type AveragePlan,
  type AveragePlanBody,
  type AverageSetAnswer,
  type PriceLotList,
  type PriceLotRow,
  type PriceLotsFilter,
} from '../../../contract/price-lots';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { toSend } from '../../jobs/stock-sync/items';

/**
 * Edit prices over many lots: the company's items on sale found by words and filters, and Set to
 * average over all of them, a chunk at a time. The averages are the price guides the server keeps
 * (`price_guides`, read by the price guide route), used for GUIDE_USABLE_DAYS after their read.
 * Lots without a guide's average keep their price.
 */

type Db = Kysely<Database>;
type Filter = z.output<typeof PriceLotsFilter>;
type Plan = z.output<typeof AveragePlanBody>;

/** `%word%` (or `word%`) for a LIKE on a lower-cased column, the LIKE wildcards taken literally. */
const escaped = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Condition words: the one condition they name, or every used one. */
const CONDITION_WORDS: Record<string, string> = {
  new: 'NEW',
  like_new: 'LIKE_NEW',
  good: 'GOOD',
  acceptable: 'ACCEPTABLE',
};

/** The search's words, lower-cased; 'like new' is the one condition LIKE_NEW. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .replace(/like[\s_-]+new/g, 'like_new')
    .split(/\s+/)
    .filter(Boolean);
}

/** The guide rows of the lot's BrickLink item, colour and condition, in its store's currency. */
const GUIDE_OF_LOT = sql`g.item_type = t.bsx_code and g.bl_item_no = m.bl_mold_id
  and g.bl_colour_id = c.bl_colour_id
  and g.condition = case when i.condition = 'NEW' then 'N' else 'U' end
  and g.currency_code = s.currency`;

/**
 * The kept guide's average (`avg_price`) of the lot's BrickLink item, colour and condition in its
 * store's currency, or null without one read in the last GUIDE_USABLE_DAYS. A subquery per lot on
 * the guides' primary key: as a join, PostgreSQL with few statistics (a table just filled) may
 * start from the guides and take seconds.
 */
function keptAverage(type: GuideType, since: string) {
  return sql<number | null>`(select g.avg_price from price_guides g where ${GUIDE_OF_LOT}
    and g.guide_type = ${type} and g.found = 1 and g.fetched_at > ${since})`;
}

/**
 * The larger of the lot's kept sold and for-sale averages (null without a kept guide): one probe
 * of the key. A scalar subquery on purpose: PostgreSQL turns EXISTS into a join, and with few
 * statistics planned that join to take minutes.
 */
function bestAverage(since: string) {
  return sql<number | null>`(select max(g.avg_price) from price_guides g where ${GUIDE_OF_LOT}
    and g.guide_type in ('sold', 'stock') and g.found = 1 and g.fetched_at > ${since})`;
}

/** Guides read before this count for nothing. */
const usableSince = () => new Date(Date.now() - GUIDE_USABLE_DAYS * 86_400_000).toISOString();

/**
 * The company's items on sale, with their store (`s`), item (`i`), mould (`m`), item type (`t`)
 * and colour (`c`), that the filter finds.
 */
export function foundLots(db: Db, companyId: number, filter: Filter) {
  let q = db
    .selectFrom('store_items as si')
    .innerJoin('stores as s', 's.id', 'si.store_id')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .leftJoin('item_types as t', 't.id', 'm.type_id')
    .where('si.company_id', '=', companyId);

  for (const word of searchWords(filter.q)) {
    const contains = `%${escaped(word)}%`;
    q = q.where((w) => {
      const any = [
        sql<SqlBool>`lower(m.bl_mold_id) like ${`${escaped(word)}%`} escape '\\'`,
        sql<SqlBool>`lower(m.name) like ${contains} escape '\\'`,
        sql<SqlBool>`lower(c.name) like ${contains} escape '\\'`,
      ];
      const condition = CONDITION_WORDS[word];
      if (condition) any.push(sql<SqlBool>`i.condition = ${condition}`);
      if (word === 'used') any.push(sql<SqlBool>`i.condition <> 'NEW'`);
      return w.or(any);
    });
  }
  if (filter.condition === 'USED') q = q.where('i.condition', '<>', 'NEW');
  else if (filter.condition) q = q.where('i.condition', '=', filter.condition);

  if (filter.guide) {
    const since = usableSince();
    const average = keptAverage(filter.average, since);
    // A missing guide is null: no comparison with it holds.
    const condition = {
      with: sql<SqlBool>`${bestAverage(since)} > 0`,
      without: sql<SqlBool>`coalesce(${bestAverage(since)}, 0) <= 0`,
      below: sql<SqlBool>`si.store_price < ${average}`,
      above: sql<SqlBool>`si.store_price > nullif(${average}, 0)`,
    }[filter.guide];
    q = q.where(condition);
  }
  return q;
}

/** A page of the lots found, in name order, with each item's total in the warehouse. */
export async function priceLotsPage(
  db: Db,
  companyId: number,
  filter: Filter,
  page: { limit: number; page: number },
): Promise<PriceLotList> {
  const found = foundLots(db, companyId, filter);
  const rows = await found
    .select([
      'si.id',
      'si.item_id',
      'si.store_id',
      's.name as store_name',
      's.platform',
      's.currency',
      'm.name as mold_name',
      'm.bl_mold_id as bl_item_no',
      'c.name as colour_name',
      'i.condition',
      'si.store_quantity',
      'si.store_price',
      'si.tier_price',
      'si.bulk_size',
      'si.note_public',
      'si.note_private',
      'si.needs_upload',
      // The count of all lots found, in the same pass as the page.
      (eb) => eb.fn.countAll().over().as('found'),
    ])
    .orderBy('m.name')
    .orderBy('si.id')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  // A page past the last has no row to carry the count.
  const count =
    rows.length > 0 ? Number(rows[0].found) : page.page > 1 ? await countRows(found) : 0;
  const itemIds = [...new Set(rows.map((r) => Number(r.item_id)))];
  const totals = new Map<number, number>();
  if (itemIds.length > 0) {
    const sums = await db
      .selectFrom('location_content')
      .select(['item_id', sql<string>`sum(quantity)`.as('total')])
      .where('company_id', '=', companyId)
      .where('item_id', 'in', itemIds)
      .groupBy('item_id')
      .execute();
    for (const s of sums) totals.set(Number(s.item_id), Number(s.total));
  }
  const results: PriceLotRow[] = rows.map(({ needs_upload, found: _found, ...r }) => ({
    ...r,
    id: Number(r.id),
    item_id: Number(r.item_id),
    store_id: Number(r.store_id),
    store_quantity: Number(r.store_quantity),
    store_price: Number(r.store_price),
    bulk_size: r.bulk_size === null ? null : Number(r.bulk_size),
    waiting: Number(needs_upload) === 1,
    quantity: totals.get(Number(r.item_id)) ?? 0,
  }));
  return { count, results };
}

/** The lots found, counted; the route refuses more than SET_TO_AVERAGE_MAX before planning. */
export const countFound = (db: Db, companyId: number, filter: Filter) =>
  countRows(foundLots(db, companyId, filter));

/**
 * What Set to average would do to every lot found (at most SET_TO_AVERAGE_MAX, counted first by
 * the route): how many get a new price, already have it, or have no kept guide with that average;
 * and the first changes in the list's order.
 */
export async function averagePlan(db: Db, companyId: number, plan: Plan): Promise<AveragePlan> {
  const rows = await foundLots(db, companyId, plan)
    .select([
      'si.id',
      'si.store_price',
      keptAverage(plan.set_to, usableSince()).as('average'),
      'm.name as mold_name',
      'c.name as colour_name',
      's.name as store_name',
      's.currency',
    ])
    .orderBy('m.name')
    .orderBy('si.id')
    .execute();
  const answer: AveragePlan = {
    lots: rows.length,
    changes: 0,
    unchanged: 0,
    no_guide: 0,
    sample: [],
  };
  for (const r of rows) {
    const next = priceFromAverage(Number(r.average ?? 0), plan.percent);
    const old = Number(r.store_price);
    if (next === null) answer.no_guide++;
    else if (next === old) answer.unchanged++;
    else {
      answer.changes++;
      if (answer.sample.length < PLAN_SAMPLE) {
        answer.sample.push({
          id: Number(r.id),
          label: `${r.mold_name} ${r.colour_name} (${r.store_name})`,
          old,
          new: next,
          currency: r.currency,
        });
      }
    }
  }
  return answer;
}

/**
 * One call of Set to average: the next SET_TO_AVERAGE_CHUNK lots found after lot `afterId` (by
 * id), in one transaction. Each gets its average ± percent as its price and waits to be sent to
 * its store, as a row's Save marks it; lots whose price it already is, and lots without that
 * average, are left as they are.
 */
export async function setToAverageChunk(
  db: Db,
  companyId: number,
  plan: Plan,
  afterId: number,
): Promise<AverageSetAnswer> {
  return db.transaction().execute(async (trx) => {
    const rows = await foundLots(trx, companyId, plan)
      .select(['si.id', 'si.store_price', keptAverage(plan.set_to, usableSince()).as('average')])
      .where('si.id', '>', afterId)
      .orderBy('si.id')
      .limit(SET_TO_AVERAGE_CHUNK)
      .execute();
    const changes: { id: number; price: number }[] = [];
    let unchanged = 0;
    let noGuide = 0;
    for (const r of rows) {
      const next = priceFromAverage(Number(r.average ?? 0), plan.percent);
      if (next === null) noGuide++;
      else if (next === Number(r.store_price)) unchanged++;
      else changes.push({ id: Number(r.id), price: next });
    }
    if (changes.length > 0) {
      const price = sql<number>`case id ${sql.join(
        changes.map((c) => sql`when ${c.id} then cast(${c.price} as integer)`),
        sql` `,
      )} end`;
      await trx
        .updateTable('store_items')
        .set((eb) => ({ store_price: price, ...toSend(eb, nowIso()) }))
        .where('company_id', '=', companyId)
        .where(
          'id',
          'in',
          changes.map((c) => c.id),
        )
        .execute();
    }
    const last = rows.at(-1);
    return {
      lots: rows.length,
      changes: changes.length,
      unchanged,
      no_guide: noGuide,
      next_after_id: rows.length === SET_TO_AVERAGE_CHUNK && last ? Number(last.id) : null,
    };
  });
}
